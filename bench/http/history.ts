/**
 * Content history: how soon a change becomes a revision, what a revision stores for a one-award
 * edit at 1x and 100x the demo content (against the whole document it would otherwise copy), and
 * what writing down changes costs a write: the same PATCH, interleaved, against a service whose
 * database records changes and one whose change trigger only announces them (as before history).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'pg';
import { runSql, withClient } from './databases';
import { scaledContent } from './growth';
import { type BenchServer, SERVICE, startServer } from './processes';
import { figuresTable, ratio, type Target } from './report';
import { log } from './rounds';

const FACTORS = [1, 100];
/** One per content size, and one without history. */
export const HISTORY_DATABASES = FACTORS.length + 1;
const EDITS = 15;
const LATENCY_WRITES = 200;
const WARM_UP_WRITES = 20;

/** The change trigger as it was before history: it announces, and writes nothing down. */
const ANNOUNCE_ONLY = `CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM pg_notify('content_changed', TG_ARGV[0]); RETURN NULL; END $$`;

/** Bytes of the rows (their columns as stored, compressed where PostgreSQL compressed them, plus tuple headers), without index entries. */
const STORED_BYTES = `SELECT
  (SELECT coalesce(sum(pg_column_size(hash) + pg_column_size(body) + 28), 0) FROM content_snapshot_items WHERE id > $1) +
  (SELECT coalesce(sum(pg_column_size(hash) + pg_column_size(item_ids) + 28), 0) FROM content_snapshots WHERE id > $2) +
  (SELECT coalesce(sum(pg_column_size(source) + coalesce(pg_column_size(actor), 0) + pg_column_size(domains) + pg_column_size(snapshot_ids) + 36), 0)
     FROM content_revisions WHERE id > $3) AS bytes`;
const NEWEST_IDS = `SELECT (SELECT coalesce(max(id), 0) FROM content_snapshot_items) AS items,
  (SELECT coalesce(max(id), 0) FROM content_snapshots) AS snapshots, (SELECT coalesce(max(id), 0) FROM content_revisions) AS revisions`;

interface Edited {
  factor: number;
  documentBytes: number;
  bytesPerRevision: number;
  /** Milliseconds from a write's answer to its revision. */
  recordedMs: number[];
}

export interface HistoryOutcome {
  section: string;
  targets: Target[];
}

class Admin {
  constructor(
    readonly server: BenchServer,
    private readonly token: string,
  ) {}

  async call(method: string, path: string, body?: object): Promise<unknown> {
    const response = await fetch(this.server.origin + path, {
      method,
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
    return response.status === 204 ? undefined : response.json();
  }

  async firstAwardId(): Promise<string> {
    return ((await this.call('GET', '/api/awards')) as { id: string }[])[0].id;
  }

  /** One PATCH of the award; its time in ms. */
  async editAward(id: string, year: number): Promise<number> {
    const startedAt = performance.now();
    await this.call('PATCH', `/api/awards/${id}`, { year: String(year) });
    return performance.now() - startedAt;
  }
}

async function newestRevision(client: Client): Promise<number> {
  return Number((await client.query<{ id: number | null }>('SELECT max(id) AS id FROM content_revisions')).rows[0].id ?? 0);
}

async function recordedAfter(client: Client, revision: number): Promise<void> {
  while ((await newestRevision(client)) <= revision) await new Promise((resolve) => setTimeout(resolve, 2));
}

async function startService(
  name: string,
  databaseUrl: string,
  factor: number,
  workDir: string,
  env: Record<string, string>,
  token: string,
): Promise<BenchServer> {
  const contentFile = join(workDir, `history-${factor}x.json`);
  writeFileSync(contentFile, JSON.stringify(scaledContent(factor)));
  return startServer(
    name,
    SERVICE,
    { ...env, DATABASE_URL: databaseUrl, CONTENT_FILE: contentFile, API_ADMIN_TOKEN: token },
    '/api/awards',
  );
}

/** EDITS one-award edits one after the other, each waited for until recorded. */
async function edits(admin: Admin, databaseUrl: string, factor: number): Promise<Edited> {
  return withClient(databaseUrl, async (client) => {
    await recordedAfter(client, 0); // the seed
    const documentBytes = Buffer.byteLength(JSON.stringify(await admin.call('GET', '/api/admin/content')));
    const awardId = await admin.firstAwardId();
    const before = (await client.query<{ items: number; snapshots: number; revisions: number }>(NEWEST_IDS)).rows[0];
    const recordedMs: number[] = [];
    for (let edit = 1; edit <= EDITS; edit += 1) {
      const revision = await newestRevision(client);
      await admin.editAward(awardId, 2000 + edit);
      const answeredAt = performance.now();
      await recordedAfter(client, revision);
      recordedMs.push(performance.now() - answeredAt);
    }
    const { bytes } = (await client.query<{ bytes: string }>(STORED_BYTES, [before.items, before.snapshots, before.revisions])).rows[0];
    return { factor, documentBytes, bytesPerRevision: Number(bytes) / EDITS, recordedMs };
  });
}

/** Milliseconds of each PATCH, the two services taking turns. */
async function writeLatencies(withHistory: Admin, without: Admin): Promise<[number[], number[]]> {
  const [withId, withoutId] = [await withHistory.firstAwardId(), await without.firstAwardId()];
  const timings: [number[], number[]] = [[], []];
  for (let write = 0; write < WARM_UP_WRITES + LATENCY_WRITES; write += 1) {
    const pair = [await withHistory.editAward(withId, 3000 + write), await without.editAward(withoutId, 3000 + write)];
    if (write >= WARM_UP_WRITES) pair.forEach((ms, i) => timings[i].push(ms));
  }
  return timings;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const percentile = (values: number[], p: number) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export async function history(
  databaseUrls: string[],
  workDir: string,
  env: Record<string, string>,
  started: (server: Promise<BenchServer>) => Promise<BenchServer>,
): Promise<HistoryOutcome> {
  log('content history: revisions of one-award edits at 1x and 100x, a write with and without history');
  const token = randomBytes(32).toString('base64url');
  const edited: Edited[] = [];
  const admins: Admin[] = [];
  for (const [index, factor] of FACTORS.entries()) {
    const server = await started(startService(`c database, ${factor}x content, history`, databaseUrls[index], factor, workDir, env, token));
    admins.push(new Admin(server, token));
    edited.push(await edits(admins[index], databaseUrls[index], factor));
  }
  const withoutUrl = databaseUrls[FACTORS.length];
  const without = await started(startService('c database, 100x content, no history', withoutUrl, 100, workDir, env, token));
  await runSql(ANNOUNCE_ONLY, [], withoutUrl);
  const [withTimes, withoutTimes] = await writeLatencies(admins.at(-1)!, new Admin(without, token));

  const all = edited.flatMap((run) => run.recordedMs);
  const large = edited.at(-1)!;
  const medianWith = percentile(withTimes, 0.5);
  const medianWithout = percentile(withoutTimes, 0.5);
  return {
    section: [
      '### Content history',
      '',
      `${EDITS} one-award edits (PATCH /api/awards/{id}) one after the other on a database seeded with 1x and 100x the demo content; each waited for until its revision was there. Bytes are the rows a revision added (columns as PostgreSQL stores them, compressed where it compressed them, plus tuple headers; index entries not counted). The write latencies are ${LATENCY_WRITES} PATCHes of an award at 100x, the two services taking turns: one on a database that writes changes down (and records revisions 50 ms later, in the same process), one whose change trigger only announces them, as before history (the service sets the attribution in both).`,
      '',
      figuresTable([
        [
          "a change to its revision (from the write's answer), all edits",
          `median ${ms(percentile(all, 0.5))}, slowest ${ms(Math.max(...all))}`,
        ],
        ...edited.map(({ factor, documentBytes, bytesPerRevision }): [string, string] => [
          `stored per one-award edit, ${factor}x content (the whole document: ${kib(documentBytes)})`,
          `${kib(bytesPerRevision)} (${((bytesPerRevision / documentBytes) * 100).toFixed(1)}% of the document)`,
        ]),
        ['PATCH latency at 100x, with history', `p50 ${ms(medianWith)}, p95 ${ms(percentile(withTimes, 0.95))}`],
        ['PATCH latency at 100x, without history', `p50 ${ms(medianWithout)}, p95 ${ms(percentile(withoutTimes, 0.95))}`],
      ]),
    ].join('\n'),
    targets: [
      { goal: 'a change is a revision within 2 s', measured: `slowest ${ms(Math.max(...all))}`, reached: Math.max(...all) < 2_000 },
      {
        goal: 'a one-award edit at 100x stores under 1% of the whole document',
        measured: `${kib(large.bytesPerRevision)} of ${kib(large.documentBytes)}`,
        reached: large.bytesPerRevision < 0.01 * large.documentBytes,
      },
      {
        goal: 'a write with history within 1.1x its latency without (p50)',
        measured: ratio(medianWith, medianWithout),
        reached: medianWith <= 1.1 * medianWithout,
      },
    ],
  };
}
