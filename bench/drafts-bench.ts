/**
 * `npm run bench:drafts` (and the end of `npm run bench`): drafts at 100x the demo content. A draft
 * write and a preview read (each puts the whole draft in place inside a savepoint rolled back
 * after), a publish (one transaction, one revision; also once the largest list, read once, has gone
 * unread for a while), and what publishing costs the public reads running meanwhile (p99, alone and
 * while publishes follow one another: of the detail the publishes change, and of a list they leave
 * alone). Writes its section of BENCHMARKS.md.
 */
import { adminCall } from './http/admin-calls';
import { benchSectionOnADatabase } from './http/databases';
import { scaledContent } from './http/growth';
import { LongestHold } from './http/event-loop-holds';
import { type BenchServer, PROBED_SERVICE, startServiceOn } from './http/processes';
import {
  aloneAndDuring,
  figuresTable,
  loadTable,
  machineDescription,
  latencies,
  median,
  P99_AGAINST_ALONE,
  type Target,
  targetsTable,
} from './http/report';
import { interleaved, log, measure, measureWhile, ROUNDS, type Run, SECONDS } from './http/rounds';

const FACTOR = 100;
const TIMED = 9;
const READ_PATH = '/api/projects/tidewatch';
/** A domain the publishes leave alone: its reads wait for no rebuild, only for the CPU the publishing takes. */
const UNCHANGED_PATH = '/api/awards';

/** A draft write, then its publish: the times of each. */
async function draftAndPublish(service: BenchServer, n: number): Promise<{ draftMs: number; publishMs: number }> {
  const draft = await adminCall(service, 'PATCH', `/api/projects/tidewatch?draft=true`, { title: `Tidewatch, edition ${n}` });
  const publish = await adminCall(service, 'POST', '/api/admin/draft/publish');
  return { draftMs: draft.ms, publishMs: publish.ms };
}

/** Longer than the read model renews an answer sent (5 s): from then on, no publish should prepare the list again. */
const UNREAD_FOR_MS = 6_000;

/**
 * Publishes following one another once the projects list (the largest answer), read once, has gone
 * unread for UNREAD_FOR_MS: the median of TIMED of them, which should not prepare it again.
 */
async function publishesLongAfterOneRead(service: BenchServer, from: number): Promise<number> {
  await (await fetch(`${service.origin}/api/projects`)).arrayBuffer();
  const readAt = performance.now();
  let n = from;
  while (performance.now() - readAt < UNREAD_FOR_MS) await draftAndPublish(service, (n += 1));
  const timings = [];
  for (let timed = 0; timed < TIMED; timed += 1) timings.push(await draftAndPublish(service, (n += 1)));
  return median(timings.map((timing) => timing.publishMs));
}

async function run([databaseUrl]: string[]): Promise<string> {
  log('drafts: starting the service');
  const service = await startServiceOn(databaseUrl, READ_PATH, {}, PROBED_SERVICE);
  const hold = new LongestHold(service);
  try {
    const content = scaledContent(FACTOR);
    const documentBytes = Buffer.byteLength(JSON.stringify(content));
    await adminCall(service, 'PUT', '/api/admin/content', content);

    log(`drafts: ${TIMED} draft writes and publishes at ${FACTOR}x`);
    const timings = [];
    for (let n = 0; n < TIMED; n += 1) timings.push(await draftAndPublish(service, n));
    log(`drafts: ${TIMED} more, /api/projects read once ${UNREAD_FOR_MS / 1000} s before`);
    const publishUnreadMs = await publishesLongAfterOneRead(service, TIMED);
    const { token } = (await adminCall(service, 'POST', '/api/admin/draft/preview-token')).json as { token: string };
    const previews = { first: [] as number[], again: [] as number[] };
    for (let n = 0; n < TIMED; n += 1) {
      await adminCall(service, 'PATCH', '/api/projects/tidewatch?draft=true', { title: `Tidewatch, previewed ${n}` });
      previews.first.push((await adminCall(service, 'GET', `${READ_PATH}?preview=${token}`)).ms);
      previews.again.push((await adminCall(service, 'GET', `${READ_PATH}?preview=${token}`)).ms);
    }
    await adminCall(service, 'DELETE', '/api/admin/draft');

    log('drafts: public reads alone, then while publishes follow one another');
    let cycles = 1000;
    const publishing = () => draftAndPublish(service, (cycles += 1));
    // The faster a cycle, the more of them meet the reads: the rate says how hard each measurement was pressed.
    const cyclesPerSecond = new Map<string, number[]>();
    const whilePublishing = async (path: string) => {
      const [from, started] = [cycles, performance.now()];
      const result = await hold.during(() => measureWhile(service, path, publishing));
      cyclesPerSecond.set(path, [...(cyclesPerSecond.get(path) ?? []), ((cycles - from) * 1000) / (performance.now() - started)]);
      return result;
    };
    const measured = await interleaved(
      [READ_PATH, UNCHANGED_PATH].flatMap((path): Run[] => [
        [`${path} alone`, () => measure(service, path)],
        [`${path} during`, () => whilePublishing(path)],
      ]),
    );
    const rateWhile = (path: string) => {
      const rates = cyclesPerSecond.get(path)!;
      return `${(rates.reduce((sum, rate) => sum + rate, 0) / rates.length).toFixed(1)} a second`;
    };
    const [alone, during, unchangedAlone, unchangedDuring] = [READ_PATH, UNCHANGED_PATH].flatMap((path) =>
      ['alone', 'during'].map((when) => measured.get(`${path} ${when}`)!),
    );

    const publishMs = median(timings.map((timing) => timing.publishMs));
    const draftMs = median(timings.map((timing) => timing.draftMs));
    const targets: Target[] = [
      {
        goal: `a publish at ${FACTOR}x within 2 s`,
        measured: `${publishMs.toFixed(0)} ms (median of ${TIMED})`,
        reached: publishMs < 2000,
      },
      {
        goal: "public reads' p99 while publishing within 2x their p99 without",
        measured: latencies(during.p99, alone.p99),
        reached: during.p99 <= 2 * alone.p99,
      },
      hold.target('while publishes follow one another'),
    ];
    return [
      '## Drafts (`npm run bench:drafts`, also run by `npm run bench`)',
      '',
      `${machineDescription()}. ${SECONDS} s a measurement, ${ROUNDS} interleaved rounds averaged; the service built for production on jemalloc, its event loop watched by \`monitorEventLoopDelay\` (1 ms resolution), with a database holding ${FACTOR}x the demo content (a ${(documentBytes / 1024).toFixed(0)} KiB document).`,
      '',
      targetsTable(targets),
      '',
      figuresTable([
        [`a draft write (PATCH …?draft=true) at ${FACTOR}x, median of ${TIMED}`, `${draftMs.toFixed(0)} ms`],
        [
          `a publish at ${FACTOR}x, /api/projects read once ${UNREAD_FOR_MS / 1000} s before and not since, median of ${TIMED}`,
          `${publishUnreadMs.toFixed(0)} ms`,
        ],
        [
          `a preview read (${READ_PATH}?preview=) at ${FACTOR}x, the first after a draft write, median of ${TIMED}`,
          `${median(previews.first).toFixed(0)} ms`,
        ],
        [`the same preview read again (the answer kept), median of ${TIMED}`, `${median(previews.again).toFixed(1)} ms`],
        [
          `draft writes and publishes while ${READ_PATH}, or ${UNCHANGED_PATH}, was read`,
          `${rateWhile(READ_PATH)}; ${rateWhile(UNCHANGED_PATH)}`,
        ],
      ]),
      '',
      loadTable(
        [
          ...aloneAndDuring(READ_PATH, alone, during, 'while publishing'),
          ...aloneAndDuring(UNCHANGED_PATH, unchangedAlone, unchangedDuring, 'while publishing (a domain the publishes leave alone)'),
        ],
        [P99_AGAINST_ALONE],
      ),
    ].join('\n');
  } finally {
    await service.stop();
  }
}

void benchSectionOnADatabase('drafts-bench', run);
