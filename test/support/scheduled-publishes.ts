import type { TestDatabase } from './database';

/** The time `seconds` from now, as a schedule takes it. */
export const inSeconds = (seconds: number): string => new Date(Date.now() + seconds * 1000).toISOString();

/** Once `at` has passed and every scheduled publish due by then has run, on whichever instance took its job. */
export async function duePublishesRun(database: TestDatabase, at: string | number): Promise<void> {
  await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(new Date(at).getTime()), { timeout: 5_000, interval: 50 });
  await vi.waitFor(
    async () =>
      expect(
        await database.query(
          `SELECT id FROM pgboss.job WHERE name = 'draft-publish' AND start_after <= now() AND state NOT IN ('completed', 'cancelled', 'failed')`,
        ),
      ).toEqual([]),
    { timeout: 5_000, interval: 50 },
  );
}
