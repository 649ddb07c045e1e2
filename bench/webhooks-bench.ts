/**
 * `npm run bench:webhooks` (and the end of `npm run bench`): webhooks on the job queue. How long a
 * change takes to reach a receiver (from the write's answer to the delivery's arrival: the 2 s that
 * gather a burst into one event included), how many deliveries one instance makes a second, and
 * what a receiver that never answers costs visitors' reads while events keep coming. Writes its
 * section of BENCHMARKS.md.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminCall } from './http/admin-calls';
import { benchSectionOnADatabase } from './http/databases';
import { startServiceOn } from './http/processes';
import { aloneAndDuring, latencies, loadTable, machineDescription, P99_AGAINST_ALONE, type Target, targetsTable } from './http/report';
import { interleaved, log, measure, measureWhile, ROUNDS, type Run, SECONDS } from './http/rounds';

const READ_PATH = '/api/projects';
const EVENTS = 20;
const DELIVERIES = 400;

/** A receiver in this process: answers 204 (or never, while hanging), and says when each delivery came. */
class Receiver {
  private arrived: (type: string) => void = () => undefined;
  readonly server: Server;
  hanging = false;
  count = 0;

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (this.hanging) return;
        this.count += 1;
        res.writeHead(204).end();
        this.arrived((JSON.parse(Buffer.concat(chunks).toString()) as { type: string }).type);
      });
    });
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  next(type: string): Promise<void> {
    return new Promise((resolve) => (this.arrived = (arrived) => arrived === type && resolve()));
  }
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function run([databaseUrl]: string[]): Promise<string> {
  const receiver = new Receiver();
  receiver.server.listen(0, '127.0.0.1');
  await once(receiver.server, 'listening');
  log('webhooks: starting the service');
  const service = await startServiceOn(databaseUrl, READ_PATH, { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  try {
    const { id } = (await adminCall(service, 'POST', '/api/admin/webhooks', { url: receiver.url })).json as { id: string };

    log(`webhooks: ${EVENTS} changes, each awaited at the receiver`);
    const eventMs: number[] = [];
    for (let n = 0; n < EVENTS; n += 1) {
      const arrived = receiver.next('content.published');
      await adminCall(service, 'PATCH', '/api/profile', { location: `Utrecht ${n}` });
      const answered = performance.now();
      await arrived;
      eventMs.push(performance.now() - answered);
    }

    log(`webhooks: ${DELIVERIES} test deliveries, sent at once`);
    const before = receiver.count;
    const started = performance.now();
    // All asked for together, as a burst of events queues them: asked one after another, the figure would be the admin call's round trip.
    await Promise.all(Array.from({ length: DELIVERIES }, () => adminCall(service, 'POST', `/api/admin/webhooks/${id}/test`)));
    while (receiver.count - before < DELIVERIES) await new Promise((resolve) => setTimeout(resolve, 20));
    const deliveriesPerSecond = (DELIVERIES * 1000) / (performance.now() - started);

    log('webhooks: public reads alone, then while a receiver that never answers is sent events');
    const hangingEvents = async () => {
      receiver.hanging = true;
      await adminCall(service, 'POST', `/api/admin/webhooks/${id}/test`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    const measured = await interleaved([
      ['alone', () => measure(service, READ_PATH)],
      ['hanging', () => measureWhile(service, READ_PATH, hangingEvents).finally(() => (receiver.hanging = false))],
    ] satisfies Run[]);
    const [alone, hanging] = [measured.get('alone')!, measured.get('hanging')!];

    const [median, p99] = [percentile(eventMs, 0.5), percentile(eventMs, 0.99)];
    const targets: Target[] = [
      {
        goal: 'a change reaches the receiver within 2 s of gathering and 1 s more',
        measured: `${median.toFixed(0)} ms median, ${p99.toFixed(0)} ms p99 of ${EVENTS}`,
        reached: p99 < 3_000,
      },
      {
        goal: `one instance makes at least 100 deliveries a second, ${DELIVERIES} queued at once`,
        measured: `${deliveriesPerSecond.toFixed(0)} a second`,
        reached: deliveriesPerSecond >= 100,
      },
      {
        goal: "public reads' p99 while a receiver hangs within 1.5x their p99 without",
        measured: latencies(hanging.p99, alone.p99),
        reached: hanging.p99 <= 1.5 * alone.p99,
      },
    ];
    return [
      '## Webhooks (`npm run bench:webhooks`, also run by `npm run bench`)',
      '',
      `${machineDescription()}. ${SECONDS} s a measurement, ${ROUNDS} interleaved rounds averaged; the service built for production on jemalloc, one instance, with a receiver in the bench's process. A change's time runs from the write's answer to the delivery's arrival, the 2 s that gather a burst into one event included.`,
      '',
      targetsTable(targets),
      '',
      loadTable(aloneAndDuring(READ_PATH, alone, hanging, 'while a receiver hangs'), [P99_AGAINST_ALONE]),
    ].join('\n');
  } finally {
    await service.stop();
    receiver.server.closeAllConnections();
    receiver.server.close();
  }
}

void benchSectionOnADatabase('webhooks-bench', run);
