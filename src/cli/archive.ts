/**
 * `npm run archive -- export <file> [--history]` and `npm run archive -- import <file>`: what
 * GET and PUT /api/admin/archive do, from a shell against DATABASE_URL (and the media storage
 * configured), without the API: for a backup from cron, or a move before the new host serves.
 */
import 'reflect-metadata';
import { createReadStream, createWriteStream } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '@/app.module';
import { ArchiveService } from '@/archive/archive.service';

const USAGE = 'usage: npm run archive -- export <file.tar.gz> [--history] | import <file.tar.gz>';

async function archive([command, file, ...flags]: string[]): Promise<void> {
  if (!file || !['export', 'import'].includes(command)) throw new Error(USAGE);
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
  try {
    const archives = app.get(ArchiveService);
    if (command === 'export') await archives.export(createWriteStream(file), flags.includes('--history'));
    else process.stdout.write(`${JSON.stringify(await archives.import(createReadStream(file)))}\n`);
  } finally {
    await app.close();
  }
}

archive(process.argv.slice(2)).catch((error: unknown) => {
  const { response } = error as { response?: unknown };
  process.stderr.write(`${response ? JSON.stringify(response) : error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
