import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';

/**
 * Records each query sent on a connection while another was still running on it: a transaction's
 * reads made at once, which share its one connection. pg queues them (deprecated), pg 9 refuses them.
 */
export function watchOverlappingQueries(): { overlapping: string[]; stop(): void } {
  const { prototype } = PostgresQueryRunner;
  const query = Reflect.get<PostgresQueryRunner, 'query'>(prototype, 'query');
  const running = new WeakMap<PostgresQueryRunner, number>();
  const overlapping: string[] = [];
  const spy = vi.spyOn(prototype, 'query').mockImplementation(async function (
    this: PostgresQueryRunner,
    ...args: Parameters<PostgresQueryRunner['query']>
  ) {
    const now = (running.get(this) ?? 0) + 1;
    running.set(this, now);
    if (now > 1) overlapping.push(args[0]);
    try {
      return (await query.apply(this, args)) as unknown;
    } finally {
      running.set(this, running.get(this)! - 1);
    }
  });
  return { overlapping, stop: () => spy.mockRestore() };
}
