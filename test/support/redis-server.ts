import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import Redis from 'ioredis';
import { freePort } from './ports';

/** A redis-server of the test's own on a free loopback port, which the test may stop and start again. */
export class LocalRedisServer {
  private process: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<LocalRedisServer> {
    const server = new LocalRedisServer(await freePort());
    await server.resume();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  /** Stops the server: clients see their connection refused. */
  async stop(): Promise<void> {
    const running = this.process;
    if (!isRunning(running)) return;
    running.kill('SIGKILL');
    await once(running, 'exit');
    this.process = undefined;
  }

  /**
   * Starts the server again on the same port, unless it runs, and waits until it answers: a second
   * one would fail to bind, and the first would be left running once the test is over.
   */
  async resume(): Promise<void> {
    if (isRunning(this.process)) return;
    this.process = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let attempt = 0; !(await answers(this.url)); attempt += 1) {
      if (attempt === 100) throw new Error(`redis-server did not start on port ${this.port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const isRunning = (child: ChildProcess | undefined): child is ChildProcess =>
  child !== undefined && child.exitCode === null && child.signalCode === null;

async function answers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
