import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes';

const VARNISHD = '/usr/sbin/varnishd';

/** Why the Varnish tests cannot run here, or undefined when they can (Debian's varnish and varnish-modules, which .ci/run installs). */
export function varnishMissing(): string | undefined {
  try {
    execFileSync(VARNISHD, ['-V'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return `${VARNISHD} is not installed (apt-get install varnish varnish-modules): the tests through a real Varnish are skipped`;
  }
}

/** Where Varnish listens (a free port when left out), and the purge token its VCL takes. */
export interface VarnishOptions {
  port?: number;
  purgeToken: string;
}

/**
 * The repository's Varnish (deploy/varnish: default.vcl, and the backends.vcl its
 * write-backends.sh writes), run by Debian's varnishd in front of one or several instances on
 * loopback ports, as the README runs it without Docker: for the shared-cache tests, the e2e stage
 * and the bench.
 */
export class LocalVarnish {
  private constructor(
    private readonly process: ChildProcess,
    private readonly folder: string,
    readonly origin: string,
  ) {}

  static async start(deployFolder: string, backendPorts: readonly number[], { port, purgeToken }: VarnishOptions): Promise<LocalVarnish> {
    const folder = await mkdtemp(join(tmpdir(), 'varnish-'));
    await chmod(folder, 0o755); // varnishd reads the VCL as its own unprivileged user
    await copyFile(join(deployFolder, 'default.vcl'), join(folder, 'default.vcl'));
    const instances = backendPorts.map((backendPort) => `127.0.0.1:${backendPort}`);
    execFileSync(join(deployFolder, 'write-backends.sh'), [join(folder, 'backends.vcl'), ...instances], {
      env: { ...process.env, CDN_PURGE_TOKEN: purgeToken },
    });
    port ??= await freePort();
    const child = spawn(
      VARNISHD,
      ['-F', '-a', `127.0.0.1:${port}`, '-f', join(folder, 'default.vcl'), '-n', join(folder, 'work'), '-s', 'malloc,64m'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let printed = '';
    const collect = (chunk: Buffer) => (printed += chunk.toString());
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const origin = `http://127.0.0.1:${port}`;
    for (let waited = 0; ; waited += 100) {
      if (child.exitCode !== null) throw new Error(`varnishd exited: ${printed}`);
      if (
        await fetch(`${origin}/health`).then(
          () => true,
          () => false,
        )
      )
        break;
      if (waited > 10_000) throw new Error(`varnishd did not answer within 10 s: ${printed}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return new LocalVarnish(child, folder, origin);
  }

  /** How many requests Varnish has sent to the service so far (varnishstat's MAIN.backend_req). */
  backendRequests(): number {
    const line = execFileSync('varnishstat', ['-1', '-n', join(this.folder, 'work'), '-f', 'MAIN.backend_req'], { encoding: 'utf8' });
    return Number(line.trim().split(/\s+/)[1]);
  }

  async stop(): Promise<void> {
    if (this.process.exitCode === null) {
      this.process.kill('SIGTERM');
      await once(this.process, 'exit');
    }
    await rm(this.folder, { recursive: true, force: true });
  }
}
