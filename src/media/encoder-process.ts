import { type ChildProcess, spawn } from 'node:child_process';
import { BACKGROUND_NICE } from '@/common/scheduling/background-priority';
import type { EncodeJob, EncodeReply } from './encode-job';

/**
 * All the encoder process is told of the service's environment: where `nice` is, and the memory
 * allocator the image runs Node on (and its settings); Node's compile cache. No secret is handed to
 * the process that parses files from outside (it runs as the service's user: not a sandbox).
 */
const INHERITED_ENV = ['PATH', 'LD_PRELOAD', 'MALLOC_CONF', 'NODE_COMPILE_CACHE'];

/**
 * The signals that end a process from outside: the kernel's OOM killer (SIGKILL), a stop (SIGTERM).
 * Any other end while it has a job (a fault, an abort, an exit) is the job's.
 */
const STOPPED_FROM_OUTSIDE: readonly NodeJS.Signals[] = ['SIGKILL', 'SIGTERM'];

/**
 * The encoder process ended while it had a job: `crashed` on it (what no image should make it do),
 * or `stopped` from outside, whatever the job was.
 */
export type EncoderOutcome = EncodeReply | { crashed: true } | { stopped: true };

/**
 * The process uploads are decoded and encoded in, apart from the service: its threads at the lowest
 * CPU priority (started under `nice`, so every thread it makes inherits it), its memory its own and
 * handed back when it ends, none of the service's secrets handed to it, and a decoder's crash on a
 * hostile file the end of that upload alone.
 * Started with a job, it ends when the caller releases it. One job at a time: the caller queues.
 */
export class EncoderProcess {
  private child: ChildProcess | undefined;

  constructor(private readonly entry: string) {}

  /** The job's outcome; `until` aborting ends the process (the job's outcome is then `stopped`). */
  run(job: EncodeJob, until?: AbortSignal): Promise<EncoderOutcome> {
    if (until?.aborted) return Promise.resolve({ stopped: true });
    const child = this.started();
    child.ref();
    child.channel?.ref();
    return new Promise<EncoderOutcome>((resolve) => {
      const end = () => child.kill();
      const settle = (outcome: EncoderOutcome) => {
        child.off('message', settle).off('exit', crashed).off('error', failed);
        until?.removeEventListener('abort', end);
        // Between jobs the process keeps nothing alive here: a CLI may exit.
        child.unref();
        child.channel?.unref();
        resolve(outcome);
      };
      const crashed = (_code: number | null, signal: NodeJS.Signals | null) =>
        settle(signal && STOPPED_FROM_OUTSIDE.includes(signal) ? { stopped: true } : { crashed: true });
      const failed = (error: Error) => settle({ failed: error.message });
      child.on('message', settle).on('exit', crashed).on('error', failed);
      until?.addEventListener('abort', end, { once: true });
      child.send(job, (error) => error && failed(error));
    });
  }

  /**
   * Ends the process between jobs, once its channel is closed: the memory it grew into (~100 MB
   * after a 12-megapixel photo) goes back at once. The next job starts another (~70 ms of ~1-6 s).
   */
  release(): void {
    const child = this.child;
    this.child = undefined;
    if (child?.connected) child.disconnect();
  }

  /** Ends the process now, if it runs. */
  stop(): void {
    this.child?.kill();
  }

  private started(): ChildProcess {
    if (this.child) return this.child;
    const child = spawn('nice', ['-n', String(BACKGROUND_NICE), process.execPath, this.entry], {
      env: Object.fromEntries(INHERITED_ENV.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]]))),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const forget = () => {
      if (this.child === child) this.child = undefined;
    };
    child.once('exit', forget).once('error', forget);
    this.child = child;
    return child;
  }
}
