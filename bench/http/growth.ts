/**
 * Growth: the same public reads over the demo content 1, 10 and 100 times over (6, 60 and 600
 * projects with details, entries, skills, awards and certifications to match), each in a database
 * of its own, beside (a′) sending answers of the same sizes on the wire (what the bytes alone cost);
 * the read model's size once every public URL was read; and how soon a write, through
 * the API or typed in SQL, is served by every instance on the largest content.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentDocument } from '@/content/content-domains';
import { DEMO_CONTENT } from '@/content/demo-content';
import { runSql } from './databases';
import type { LoadResult } from './load';
import { replayedHeaders } from './answers';
import { type BenchServer, freePort, RAW_HTTP_DUTIES, SERVICE_ON_START_PROD, startServer } from './processes';
import { figuresTable, loadTable, type Measured, ratio, type Target } from './report';
import { interleaved, log, measure, type Run } from './rounds';

export const GROWTH_FACTORS = [1, 100];
const ROUTES = [
  '/api/profile',
  '/api/projects/tidewatch',
  '/api/projects',
  '/api/experience',
  '/api/skills',
  '/api/awards',
  '/api/certifications',
];
/** A read whose answer grows with the content: the issue's 0.8x applies to it, 0.9x to the others (the profile, a detail). */
const isList = (route: string) => route !== '/api/profile' && route !== '/api/projects/tidewatch';
/** The sizes (a′) sends bodies of: the smallest and largest content's answers. */
const FLOOR_FACTORS = [GROWTH_FACTORS[0], GROWTH_FACTORS.at(-1)!];
const floorPath = (factor: number, route: string) => `/${factor}x${route}`;
/** What the SPA's browser sends: lists that grow with the content travel compressed. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const PROPAGATION_TRIES = 5;

/** The demo content `factor` times over: the first copy as it is, the others under new ids and slugs. */
export function scaledContent(factor: number): ContentDocument {
  const copies = <T>(items: readonly T[], copy: (item: T, n: number) => T): T[] =>
    Array.from({ length: factor }, (_, n) => items.map((item) => (n === 0 ? item : copy(item, n)))).flat();
  return {
    ...DEMO_CONTENT,
    projects: copies(DEMO_CONTENT.projects, (project, n) => ({ ...project, slug: `${project.slug}-${n}`, title: `${project.title} ${n}` })),
    experience: copies(DEMO_CONTENT.experience, (entry) => ({ ...entry, id: randomUUID() })),
    skills: copies(DEMO_CONTENT.skills, (category) => ({
      ...category,
      id: randomUUID(),
      skills: category.skills?.map((skill) => ({ ...skill, id: randomUUID() })),
    })),
    awards: copies(DEMO_CONTENT.awards, (award) => ({ ...award, id: randomUUID() })),
    certifications: copies(DEMO_CONTENT.certifications, (certification, n) => ({
      ...certification,
      id: randomUUID(),
      externalId: certification.externalId ? `${certification.externalId}-${n}` : certification.externalId,
    })),
  };
}

/** Every public URL of a content document: what an instance's read model holds once all were read. */
function publicUrls(content: ContentDocument): string[] {
  const lists = ['/api/profile', '/api/projects', '/api/experience', '/api/skills', '/api/awards', '/api/certifications'];
  return [...lists, ...content.projects.map((project) => `/api/projects/${project.slug}`)];
}

interface SizedService {
  factor: number;
  server: BenchServer;
  metricsUrl: string;
  urls: string[];
}

interface Footprint {
  factor: number;
  answers: number;
  bytes: number;
  rssMb: number;
}

interface Propagation {
  /** Milliseconds from a write's start to every instance serving it, per try. */
  api: number[];
  sql: number[];
  /** Tries in which the writing instance served the write on the next read. */
  readYourWrite: number;
}

export interface GrowthOutcome {
  reads: Map<string, LoadResult>;
  /** Bytes on the wire of each answer, by `<factor> <route>`. */
  sizes: Map<string, number>;
  footprints: Footprint[];
  propagation: Propagation;
}

async function gauge(metricsUrl: string, name: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
}

async function profileName(server: BenchServer): Promise<string> {
  return ((await (await fetch(`${server.origin}/api/profile`)).json()) as { name: string }).name;
}

/** Milliseconds from `startedAt` until every server answers the profile with this name. */
async function servedEverywhere(servers: BenchServer[], name: string, startedAt: number): Promise<number> {
  for (const server of servers) while ((await profileName(server)) !== name) await new Promise((resolve) => setTimeout(resolve, 5));
  return performance.now() - startedAt;
}

async function propagation(writer: BenchServer, other: BenchServer, databaseUrl: string, adminToken: string): Promise<Propagation> {
  const outcome: Propagation = { api: [], sql: [], readYourWrite: 0 };
  for (let attempt = 1; attempt <= PROPAGATION_TRIES; attempt += 1) {
    const apiName = `Mara Jansen (API write ${attempt})`;
    const startedAt = performance.now();
    const written = await fetch(`${writer.origin}/api/profile`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: apiName }),
    });
    if (written.status !== 200) throw new Error(`PATCH /api/profile answered ${written.status}`);
    if ((await profileName(writer)) === apiName) outcome.readYourWrite += 1;
    outcome.api.push(await servedEverywhere([writer, other], apiName, startedAt));

    const sqlName = `Mara Jansen (SQL write ${attempt})`;
    const sqlStartedAt = performance.now();
    await runSql('UPDATE profile SET name = $1', [sqlName], databaseUrl);
    outcome.sql.push(await servedEverywhere([writer, other], sqlName, sqlStartedAt));
  }
  return outcome;
}

/**
 * Starts an instance per content size on the given databases (seeded from a CONTENT_FILE of that
 * size), measures the reads side by side, then the read model's size, then propagation between
 * the largest size's instance and a second one on its database.
 */
export async function growth(
  databaseUrls: string[],
  workDir: string,
  env: Record<string, string>,
  started: (server: Promise<BenchServer>) => Promise<BenchServer>,
): Promise<GrowthOutcome> {
  const adminToken = randomBytes(32).toString('base64url');
  const sized: SizedService[] = [];
  for (const [index, factor] of GROWTH_FACTORS.entries()) {
    const content = scaledContent(factor);
    const contentFile = join(workDir, `content-${factor}x.json`);
    writeFileSync(contentFile, JSON.stringify(content));
    const metricsPort = await freePort();
    const serviceEnv = {
      ...env,
      DATABASE_URL: databaseUrls[index],
      CONTENT_FILE: contentFile,
      API_ADMIN_TOKEN: adminToken,
      METRICS_PORT: String(metricsPort),
    };
    const server = await started(startServer(`c database, ${factor}x content`, SERVICE_ON_START_PROD, serviceEnv, ROUTES[0]));
    sized.push({ factor, server, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, urls: publicUrls(content) });
  }

  const { sizes, floorEnv } = await answerSizes(sized, workDir);
  const floor = await started(
    startServer("a′ raw node:http, a read's duties", RAW_HTTP_DUTIES, floorEnv, floorPath(FLOOR_FACTORS[0], ROUTES[0])),
  );
  log('growth: public reads over 1x and 100x the demo content, and (a′) sending answers of the same sizes');
  const reads = await interleaved(
    ROUTES.flatMap((route) => [
      ...sized.map(({ factor, server }): Run => [`${factor} ${route}`, () => measure(server, route, { headers: BROWSER_HEADERS })]),
      ...FLOOR_FACTORS.map((factor): Run => [`floor ${factor} ${route}`, () => measure(floor, floorPath(factor, route))]),
    ]),
  );

  const footprints: Footprint[] = [];
  for (const { factor, server, metricsUrl, urls } of sized) {
    for (const url of urls) await (await fetch(server.origin + url, { headers: BROWSER_HEADERS })).arrayBuffer();
    const [answers, bytes] = await Promise.all([gauge(metricsUrl, 'read_model_answers'), gauge(metricsUrl, 'read_model_bytes')]);
    footprints.push({ factor, answers, bytes, rssMb: server.rssMb() });
  }

  log('growth: a write served by every instance');
  const largest = sized.at(-1)!;
  const otherEnv = { ...env, DATABASE_URL: databaseUrls.at(-1)!, API_ADMIN_TOKEN: adminToken };
  const other = await started(startServer(`c database, ${largest.factor}x, second`, SERVICE_ON_START_PROD, otherEnv, ROUTES[0]));
  return { reads, sizes, footprints, propagation: await propagation(largest.server, other, databaseUrls.at(-1)!, adminToken) };
}

/**
 * Each answer's bytes on the wire, and what (a′) needs to send, under `/<factor>x<route>`, a body
 * as long as the answer of that content size with the answer's headers: what sending that many
 * bytes costs at the floor, whatever the service does.
 */
async function answerSizes(
  sized: SizedService[],
  workDir: string,
): Promise<{ sizes: Map<string, number>; floorEnv: Record<string, string> }> {
  const sizes = new Map<string, number>();
  const bodies: Record<string, string> = {};
  const headers: Record<string, string[]> = {};
  for (const { factor, server } of sized) {
    for (const route of ROUTES) {
      const response = await fetch(server.origin + route, { headers: BROWSER_HEADERS });
      await response.arrayBuffer();
      const size = Number(response.headers.get('content-length'));
      sizes.set(`${factor} ${route}`, size);
      if (!FLOOR_FACTORS.includes(factor)) continue;
      bodies[floorPath(factor, route)] = 'x'.repeat(size);
      // Its body is as long as the answer, not the answer: a client must not try to decode it.
      headers[floorPath(factor, route)] = replayedHeaders(response, ['content-encoding']);
    }
  }
  const [bodiesFile, headersFile] = [join(workDir, 'growth-bodies.json'), join(workDir, 'growth-headers.json')];
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  writeFileSync(headersFile, JSON.stringify(headers));
  return { sizes, floorEnv: { BENCH_BODIES: bodiesFile, BENCH_HEADERS: headersFile } };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const milliseconds = (values: number[]) => `median ${median(values).toFixed(0)} ms, slowest ${Math.max(...values).toFixed(0)} ms`;

/** The growth section of the report and its targets. */
export function growthReport({ reads, sizes, footprints, propagation }: GrowthOutcome): { section: string; targets: Target[] } {
  const of = (factor: number, route: string) => reads.get(`${factor} ${route}`)!;
  const floorOf = (factor: number, route: string) => reads.get(`floor ${factor} ${route}`)!;
  const bytes = (factor: number, route: string) => `${sizes.get(`${factor} ${route}`)!.toLocaleString('en-US')} B`;
  const [smallest, largest] = FLOOR_FACTORS;
  const rows: Measured[] = ROUTES.flatMap((route) => [
    ...GROWTH_FACTORS.map((factor) => ({
      route,
      server: `c ${factor}x content, ${bytes(factor, route)}`,
      result: of(factor, route),
      ratios: factor === 1 ? undefined : [ratio(of(factor, route).rps, of(1, route).rps)],
    })),
    ...FLOOR_FACTORS.map((factor) => ({
      route,
      server: `a′ ${factor}x size, ${bytes(factor, route)}`,
      result: floorOf(factor, route),
      ratios: factor === smallest ? undefined : [ratio(floorOf(factor, route).rps, floorOf(smallest, route).rps)],
    })),
  ]);
  const grown = (factor: number, route: string) => of(factor, route).rps / of(1, route).rps;
  const lowest = (factor: number, routes = ROUTES) => Math.min(...routes.map((route) => grown(factor, route)));
  /** The service's growth over (a′)'s for answers of the same sizes: 1 means it loses no more than sending the bytes costs. */
  const againstFloor = (route: string) => grown(largest, route) / (floorOf(largest, route).rps / floorOf(smallest, route).rps);
  const lists = ROUTES.filter(isList);
  const others = ROUTES.filter((route) => !isList(route));
  const floorRatios = ROUTES.map(againstFloor);
  const slowestWrite = Math.max(...propagation.api, ...propagation.sql);
  const section = [
    '### Growth: 100x the demo content',
    '',
    `Each size in a database of its own, seeded from a content document (1x: ${GROWTH_FACTORS.map((factor) => `${6 * factor} projects`).join(', ')}, with entries, skills, awards and certifications to match), measured in the same rounds with the headers a browser sends (\`Accept-Encoding: gzip, deflate, br\`); the ratio compares with the demo content's throughput. Each row names its answer's bytes on the wire. (a′) sends bodies of the ${smallest}x and ${largest}x answers' sizes with their headers, a request id and a log line, in the same rounds: what the bytes alone cost at the floor, so a list that grows on the wire is read against (a′)'s own ratio.`,
    '',
    loadTable(rows, ['vs 1x']),
    '',
    "The read model's size once every public URL was read (the `read_model_answers` and `read_model_bytes` metrics), and the instance's RSS then:",
    '',
    figuresTable(
      footprints.map(({ factor, answers, bytes, rssMb }) => [
        `${factor}x content`,
        `${answers} answers, ${(bytes / 1024).toFixed(0)} KiB prepared (every encoding), RSS ${rssMb.toFixed(0)} MB`,
      ]),
    ),
    '',
    `A write served by every instance (two instances on the 100x database, ${PROPAGATION_TRIES} tries each, time from the write's start until both answer it):`,
    '',
    figuresTable([
      ['PATCH /api/profile on one instance', milliseconds(propagation.api)],
      ['the writing instance served its write on the next read', `${propagation.readYourWrite} of ${PROPAGATION_TRIES}`],
      ['UPDATE profile typed in SQL', milliseconds(propagation.sql)],
    ]),
  ].join('\n');
  const targets: Target[] = [
    ...GROWTH_FACTORS.slice(1).map((factor) => ({
      goal: `${factor}x content: public reads within 10% of the demo's`,
      measured: `lowest ${ratio(lowest(factor), 1)}`,
      reached: lowest(factor) >= 0.9,
    })),
    {
      goal: `${largest}x content: every public list >= 0.8x its 1x rate`,
      measured: lists.map((route) => `${route} ${ratio(grown(largest, route), 1)}`).join(', '),
      reached: lowest(largest, lists) >= 0.8,
    },
    {
      goal: `${largest}x content: the profile and a detail >= 0.9x their 1x rate`,
      measured: others.map((route) => `${route} ${ratio(grown(largest, route), 1)}`).join(', '),
      reached: lowest(largest, others) >= 0.9,
    },
    {
      goal: `${largest}x content: every read's ratio >= 0.9x (a′)'s for answers of the same sizes`,
      measured: ROUTES.map((route, index) => `${route} ${ratio(floorRatios[index], 1)}`).join(', '),
      reached: Math.min(...floorRatios) >= 0.9,
    },
    {
      goal: 'a write served everywhere within 2 s',
      measured: `slowest ${slowestWrite.toFixed(0)} ms`,
      reached: slowestWrite < 2000 && propagation.readYourWrite === PROPAGATION_TRIES,
    },
  ];
  return { section, targets };
}
