import { setTimeout as sleep } from 'node:timers/promises';
import { ServiceUnavailableException } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import type { ContentSource } from './content-attribution';

/** Writes that replace whole domains, holding their tables until they commit (a publish of 2,000 projects takes seconds). */
const REPLACING: ReadonlySet<ContentSource> = new Set(['publish', 'import', 'restore', 'seed']);
const GATE = 'content_writes';

/** How a write takes its turn: alone (a replace), or beside other writes. */
export type Turn = 'alone' | 'beside';

export const turnOf = (source: ContentSource): Turn => (REPLACING.has(source) ? 'alone' : 'beside');
/** How long a write waits for a replace to commit before it is 503; a proxy in front gives up at 30 s or later. */
const WAIT_MS = 20_000;
const TRY_EVERY_MS = 25;

/**
 * A content write takes its turn before its first statement: a replace (publish, import, restore,
 * the seed) alone across instances (two imports never merge; instances starting together on one
 * empty database seed it once), any other write beside the others. A write that comes while a
 * replace runs waits here, trying a transaction-level advisory lock between short sleeps, instead
 * of inside a statement queued on the replace's table locks, where the statement timeout (5 s)
 * would answer 503 long before the replace commits. It then lands on what the replace wrote (each
 * statement of a READ COMMITTED transaction sees what committed before it). The lock ends with the
 * transaction.
 */
export async function takeTurnToWrite(queryRunner: QueryRunner, turn: Turn): Promise<void> {
  const lockFunction = turn === 'alone' ? 'pg_try_advisory_xact_lock' : 'pg_try_advisory_xact_lock_shared';
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [{ taken }] = (await queryRunner.query(`SELECT ${lockFunction}(hashtext($1)) AS taken`, [GATE])) as { taken: boolean }[];
    if (taken) return;
    if (Date.now() >= deadline)
      throw new ServiceUnavailableException({
        detail: 'The content is being replaced (a publish, an import or a restore); try again shortly',
      });
    await sleep(TRY_EVERY_MS);
  }
}
