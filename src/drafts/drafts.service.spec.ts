import type { ContentTransactions } from '@/content-store/content-transactions';
import { NoJobQueue } from '@/jobs/job-queue';
import { UnpublishedMediaUses } from '@/media/unpublished-media-uses';
import type { PortfolioService } from '@/portfolio/portfolio.service';
import { DraftsService } from './drafts.service';
import type { DraftsRepository } from './persistence/drafts.repository';
import type { PreviewTokens } from './preview-tokens';

/** A transaction runner that fails its first `failures` runs as PostgreSQL does when it breaks a deadlock. */
function deadlocking(failures: number): ContentTransactions {
  let runs = 0;
  return {
    run: async <T>(work: () => Promise<T>) => {
      runs += 1;
      if (runs <= failures) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return work();
    },
  } as unknown as ContentTransactions;
}

describe('DraftsService.preview', () => {
  const drafts = { find: async () => undefined } as unknown as DraftsRepository;
  const service = (transactions: ContentTransactions) =>
    new DraftsService(drafts, {} as PortfolioService, transactions, {} as PreviewTokens, new UnpublishedMediaUses(), new NoJobQueue());

  it('tries a preview again when PostgreSQL undid it to break a deadlock with a concurrent write', async () => {
    const read = vi.fn(async () => 'the preview');
    expect(await service(deadlocking(2)).preview(read, ['projects'], 0)).toBe('the preview');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('gives up after three deadlocks, and on any other error at once', async () => {
    await expect(service(deadlocking(3)).preview(async () => 'never', ['projects'], 0)).rejects.toMatchObject({ code: '40P01' });
    const run = vi.fn(async () => Promise.reject(new Error('connection lost')));
    await expect(service({ run } as unknown as ContentTransactions).preview(async () => 'never', ['projects'], 0)).rejects.toThrow(
      'connection lost',
    );
    expect(run).toHaveBeenCalledTimes(1);
  });
});
