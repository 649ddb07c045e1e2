import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import { ROOT } from './paths';
import { freePort } from './ports';

/** Installed apart from the service's dependencies by `npm test` (scripts/install-test-tools.mts). */
const AZURITE_BLOB = join(ROOT, 'test', 'tools', 'azurite', 'node_modules', '.bin', 'azurite-blob');

/** Azurite's published development account (its documentation gives this key to everyone). */
const ACCOUNT = 'devstoreaccount1';
const ACCOUNT_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

/** Microsoft's Blob Storage emulator (the `azurite` npm package, test/tools/azurite) on a free loopback port, its data in a folder of its own. */
export class LocalAzurite {
  private constructor(
    private readonly process: ChildProcess,
    private readonly location: string,
    readonly connectionString: string,
  ) {}

  static async start(): Promise<LocalAzurite> {
    if (!existsSync(AZURITE_BLOB))
      throw new Error('Azurite is not installed: `npm test` installs it, or run `npm ci` in test/tools/azurite');
    const port = await freePort();
    const location = await mkdtemp(join(tmpdir(), 'azurite-'));
    const child = spawn(
      AZURITE_BLOB,
      ['--location', location, '--blobHost', '127.0.0.1', '--blobPort', String(port), '--skipApiVersionCheck', '--silent'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((listening, failed) => {
      let printed = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        printed += chunk;
        if (printed.includes('successfully listens')) listening();
      });
      child.once('exit', () => failed(new Error(`azurite-blob exited: ${printed}`)));
    });
    const connectionString = `DefaultEndpointsProtocol=http;AccountName=${ACCOUNT};AccountKey=${ACCOUNT_KEY};BlobEndpoint=http://127.0.0.1:${port}/${ACCOUNT};`;
    return new LocalAzurite(child, location, connectionString);
  }

  /** The names of the blobs in a container, or [] when it does not exist. */
  async blobNames(container: string): Promise<string[]> {
    const client = BlobServiceClient.fromConnectionString(this.connectionString).getContainerClient(container);
    if (!(await client.exists())) return [];
    const names: string[] = [];
    for await (const blob of client.listBlobsFlat()) names.push(blob.name);
    return names;
  }

  /** Deletes blobs of a container, as if they had never been written. */
  async deleteBlobs(container: string, names: readonly string[]): Promise<void> {
    const client = BlobServiceClient.fromConnectionString(this.connectionString).getContainerClient(container);
    for (const name of names) await client.deleteBlob(name);
  }

  async stop(): Promise<void> {
    if (this.process.exitCode === null) {
      this.process.kill('SIGKILL');
      await once(this.process, 'exit');
    }
    await rm(this.location, { recursive: true, force: true });
  }
}
