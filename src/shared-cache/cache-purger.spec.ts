import { Subject } from 'rxjs';
import type { MetricsExport } from '@/common/telemetry/metrics-export';
import type { ContentDomain } from '@/content';
import type { DatabaseAnnouncements } from '@/read-model/database-announcements';
import type { PublicReadRoutes } from '@/read-model/public-read-routes';
import type { ReadModel } from '@/read-model/read-model';
import { CachePurger } from './cache-purger';
import type { PurgeLeadership } from './purge-leadership';
import type { Purge } from './purge-target';

/** A purger that leads, over a target failing its first `failures` purges, beside a read model whose renewals settle when `renewed` says. */
function purgerFailing(failures: number, renewed = () => Promise.resolve()) {
  const changes = new Subject<ContentDomain>();
  const deleted = new Subject<string>();
  let failed = 0;
  const purge = vi.fn((purge: Purge) => {
    if (failed < failures) {
      failed += 1;
      return Promise.reject(new Error(`503 from the CDN for ${purge.tags.join(' ')}`));
    }
    return Promise.resolve();
  });
  const purger = new CachePurger(
    { purge },
    { changes, renewed } as unknown as ReadModel,
    { all: () => [] } as unknown as PublicReadRoutes,
    { leading: true, start: () => undefined } as unknown as PurgeLeadership,
    { on: () => deleted } as unknown as DatabaseAnnouncements,
    { meter: { createCounter: () => ({ add: () => undefined }) } } as unknown as MetricsExport,
  );
  purger.onApplicationBootstrap();
  return { purge, changes, deleted };
}

describe('CachePurger', () => {
  afterEach(() => vi.useRealTimers());

  it('tries a failing purge again until it is made, never giving it up (audit five, finding 15)', async () => {
    vi.useFakeTimers();
    const { purge, changes } = purgerFailing(20);
    changes.next('projects');
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(purge).toHaveBeenCalledTimes(21);
    expect(purge.mock.calls.at(-1)?.[0]).toEqual({ tags: ['projects'], paths: [] });
  });

  it("purges a change once the read model's new answers are ready, not while the ones before stand in", async () => {
    vi.useFakeTimers();
    let ready!: () => void;
    const renewal = new Promise<void>((resolve) => (ready = resolve));
    const { purge, changes } = purgerFailing(0, () => renewal);
    changes.next('projects');
    await vi.advanceTimersByTimeAsync(400);
    expect(purge).not.toHaveBeenCalled();
    ready();
    await vi.advanceTimersByTimeAsync(0);
    expect(purge).toHaveBeenCalledWith({ tags: ['projects'], paths: [] });
  });

  it("purges a deleted picture's bytes by its tag and paths when the database announces the delete", async () => {
    vi.useFakeTimers();
    const { purge, deleted } = purgerFailing(0);
    deleted.next('0b7c');
    await vi.advanceTimersByTimeAsync(100);
    expect(purge).toHaveBeenCalledWith({ tags: ['media:0b7c'], paths: ['/api/media/0b7c', '/api/media/0b7c/*'] });
  });
});
