import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import request from 'supertest';
import { binary } from '@test/support/binary-body';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { keptOriginal } from '@test/support/pictures';

// What an archive holds and puts back is the adapter tier's (test/adapters/archive.spec.ts); here, what HTTP shows of it.
describe('the archive over HTTP', () => {
  let onDatabase: AppOnDatabase;
  beforeAll(async () => {
    onDatabase = await appOnDatabase();
  });
  afterAll(() => onDatabase.close());

  it('exports a .tar.gz attachment, and imports only one, with its credential checked before a byte is read', async () => {
    const as = (test: request.Test) => test.set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    const server = onDatabase.testApp.server;
    const exported = await binary(as(request(server).get('/api/admin/archive'))).expect(200);
    expect(exported.headers['content-type']).toBe('application/gzip');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="portfolio-\d{4}-\d{2}-\d{2}\.tar\.gz"$/);
    await as(request(server).get('/api/admin/archive?history=maybe')).expect(422);
    await as(request(server).put('/api/admin/archive')).set('Content-Type', 'application/zip').send(exported.body).expect(415);
    await request(server).put('/api/admin/archive').set('Content-Type', 'application/gzip').send(exported.body).expect(401);
    await as(request(server).put('/api/admin/archive')).set('Content-Type', 'application/gzip').send(exported.body).expect(200);
  });
});

describe('an archive of 20 pictures of 5 MB', () => {
  const PICTURES = 20;
  const BYTES = 5 * 1024 * 1024;
  let onDatabase: AppOnDatabase;
  let origin: string;
  let folder: string;

  /**
   * The most the memory in use (the heap and buffers, collected every 200 ms) grew over what it was
   * before, while `work` ran: what was held at once, whatever the garbage left between collections.
   */
  async function growthWhile(work: () => Promise<void>): Promise<number> {
    setFlagsFromString('--expose-gc');
    // A collection frees dead buffers' memory in a background task after it returns, late on a busy machine: here, before.
    setFlagsFromString('--no-concurrent-array-buffer-sweeping');
    const collect = runInNewContext('gc') as () => void;
    const inUse = () => {
      collect();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const before = inUse();
    let most = before;
    const sampling = setInterval(() => (most = Math.max(most, inUse())), 200);
    try {
      await work();
    } finally {
      clearInterval(sampling);
    }
    return most - before;
  }

  beforeAll(async () => {
    onDatabase = await appOnDatabase({ MEDIA_CACHE_MAX_BYTES: '0' });
    // Stored as an upload stores them, without the minutes their encoding would take.
    for (let n = 0; n < PICTURES; n += 1) await keptOriginal(onDatabase.database, randomBytes(BYTES));
    origin = await new Promise<string>((resolve) =>
      onDatabase.testApp.app.getHttpServer().listen(0, '127.0.0.1', function (this: Server) {
        resolve(`http://127.0.0.1:${(this.address() as AddressInfo).port}`);
      }),
    );
    folder = await mkdtemp(join(tmpdir(), 'archive-'));
  });
  afterAll(async () => {
    await onDatabase?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('is exported and imported with the memory of a few pictures, not of the archive', async () => {
    const file = join(folder, 'large.tar.gz');
    // The client is curl, a process of its own: what is measured is the service's memory alone.
    const curl = (...args: string[]) =>
      promisify(execFile)('curl', ['--silent', '--show-error', '--fail-with-body', '-H', `Authorization: Bearer ${ADMIN_TOKEN}`, ...args]);
    const exportGrowth = await growthWhile(async () => void (await curl('-o', file, `${origin}/api/admin/archive`)));
    expect((await stat(file)).size).toBeGreaterThan(PICTURES * BYTES);
    let answer = '';
    const importGrowth = await growthWhile(async () => {
      answer = (await curl('-X', 'PUT', '-H', 'Content-Type: application/gzip', '-T', file, `${origin}/api/admin/archive`)).stdout;
    });
    expect(JSON.parse(answer)).toMatchObject({ media: PICTURES });
    expect(Math.max(exportGrowth, importGrowth)).toBeLessThan(8 * BYTES);
    // A full collection every 200 ms through 100 MB each way: 85-120 s on a slow machine of this kind.
  }, 300_000);
});
