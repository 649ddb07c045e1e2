/**
 * Large content documents (audit, round three, item 7): a 4.8 MB document, valid, with invalid
 * items, or with a list of millions of items, PUT to /api/admin/content of a database-mode
 * service watched by the event-loop probe. Each answer's time and size, and the longest time the
 * service's event loop was held while it was worked on. Then a visitor's reads alone, and while
 * valid documents are imported one after another, in interleaved rounds.
 */
import { DEMO_CONTENT } from '@/content/demo-content';
import { holdTarget, LongestHold } from './event-loop-holds';
import { type BenchServer, PROBED_SERVICE, startServer } from './processes';
import { aloneAndDuring, figuresTable, latencies, loadTable, P99_AGAINST_ALONE, type Target } from './report';
import { interleaved, log, measure, measureWhile } from './rounds';

/** What the audit sent: just under the 5 MB limit, counted in bytes of UTF-8. */
const DOCUMENT_BYTES = 4_800_000;
const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdefghij';
/** A detail of the domain an import fills: every import renews it, and its answer keeps its size. */
const READ_PATH = '/api/projects/tidewatch';

/**
 * The demo content with its projects repeated under new slugs until the document is just under
 * 5 MB. A valid document's `edition` goes into the repeated projects' titles: imported one after
 * the other, two editions each rewrite every one of them.
 */
function documentOf(kind: 'valid' | 'invalid items' | 'a list of millions', edition = 0): string {
  if (kind === 'a list of millions') {
    const around = JSON.stringify({ ...DEMO_CONTENT, projects: '[]' });
    const count = Math.floor((DOCUMENT_BYTES - Buffer.byteLength(around)) / 2);
    return around.replace('"[]"', `[${'1,'.repeat(count - 1)}1]`);
  }
  const projects: unknown[] = [];
  const template = DEMO_CONTENT.projects;
  for (let bytes = Buffer.byteLength(JSON.stringify(DEMO_CONTENT)); ;) {
    const base = template[projects.length % template.length];
    // The demo's own projects keep their slugs: its skills name them.
    const slug = projects.length < template.length ? base.slug : `${base.slug}-${projects.length}`;
    const title = edition > 0 && slug !== base.slug ? `${base.title} ${edition}` : base.title;
    const project = kind === 'valid' ? { ...base, slug, title } : { ...base, slug: 'Not A Slug', title: 5 };
    bytes += Buffer.byteLength(JSON.stringify(project)) + 1;
    if (bytes > DOCUMENT_BYTES) break;
    projects.push(project);
  }
  return JSON.stringify({ ...DEMO_CONTENT, projects });
}

interface Answered {
  kind: string;
  megabytes: number;
  status: number;
  ms: number;
  answerBytes: number;
  heldMs: number;
}

const imported = (service: BenchServer, body: string): Promise<Response> =>
  fetch(`${service.origin}/api/admin/content`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body,
  });

export interface LargeDocumentsOutcome {
  section: string;
  targets: Target[];
}

export async function largeDocuments(
  databaseUrl: string,
  env: Record<string, string>,
  started: (server: Promise<BenchServer>) => Promise<BenchServer>,
): Promise<LargeDocumentsOutcome> {
  log('large content documents');
  const service = await started(
    startServer(
      'c database, event loop probed',
      PROBED_SERVICE,
      { ...env, DATABASE_URL: databaseUrl, API_ADMIN_TOKEN: ADMIN_TOKEN },
      '/api/projects',
    ),
  );
  const answered: Answered[] = [];
  for (const kind of ['valid', 'invalid items', 'a list of millions'] as const) {
    const body = documentOf(kind);
    service.resetEventLoop();
    const startedAt = performance.now();
    const response = await imported(service, body);
    const answerBytes = (await response.arrayBuffer()).byteLength;
    const ms = performance.now() - startedAt;
    const { maxMs } = await service.eventLoop();
    answered.push({ kind, megabytes: Buffer.byteLength(body) / 2 ** 20, status: response.status, ms, answerBytes, heldMs: maxMs });
  }

  log('large content documents: reads alone, then while valid documents are imported one after another');
  const editions = [documentOf('valid', 1), documentOf('valid', 2)];
  const statuses: Record<number, number> = {};
  const importing = async (n: number) => {
    const response = await imported(service, editions[n % editions.length]);
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  };
  const hold = new LongestHold(service);
  const measured = await interleaved([
    ['alone', () => measure(service, READ_PATH)],
    ['during', () => hold.during(() => measureWhile(service, READ_PATH, importing))],
  ]);
  const [alone, during] = [measured.get('alone')!, measured.get('during')!];
  const importsAnswered = Object.entries(statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  return {
    section: [
      '### Large content documents (PUT /api/admin/content)',
      '',
      'Each document 4.8 MB, sent once to a database-mode service on the 1x demo content; the event loop watched in the service by `monitorEventLoopDelay` (1 ms resolution), preloaded.',
      '',
      figuresTable(
        answered.map(({ kind, megabytes, status, ms, answerBytes, heldMs }) => [
          `${kind}, ${megabytes.toFixed(1)} MB: status, time, answer size, longest event-loop hold`,
          `${status}, ${ms.toFixed(0)} ms, ${answerBytes.toLocaleString('en-US')} bytes, ${heldMs.toFixed(0)} ms`,
        ]),
      ),
      '',
      `A visitor's read of a project the documents keep as it is, alone and while valid documents of two editions (their repeated projects' titles differ) are imported one after another, in interleaved rounds; the imports answered meanwhile: ${importsAnswered}.`,
      '',
      loadTable(aloneAndDuring(READ_PATH, alone, during, 'while imports follow one another'), [P99_AGAINST_ALONE]),
    ].join('\n'),
    targets: [
      {
        goal: 'a 5 MB document, valid or not, answered within 2 s',
        measured: answered.map(({ ms }) => `${ms.toFixed(0)} ms`).join(', '),
        reached: answered.every(({ ms }) => ms <= 2_000),
      },
      holdTarget('while they are imported', Math.max(...answered.map(({ heldMs }) => heldMs))),
      {
        goal: "public reads' p99 while imports follow one another within 2x their p99 without",
        measured: latencies(during.p99, alone.p99),
        reached: during.p99 <= 2 * alone.p99,
      },
      hold.target('while imports follow one another beside the reads'),
    ],
  };
}
