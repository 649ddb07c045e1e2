import { setTimeout as sleep } from 'node:timers/promises';
import { ContentAttribution } from '@/content-store/content-attribution';
import { ContentTransactions } from '@/content-store/content-transactions';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { ProjectsService } from '@/projects/projects.service';
import { appOnDatabase, type AppOnDatabase } from '@test/support/app-on-database';

/** Longer than the statement timeout (5 s), as a publish of a few hundred projects takes. */
const LONG_PUBLISH_MS = 6_500;

/** Found by the fifth audit (finding 9): a direct write during a long publish answered 503 at the statement timeout. */
describe('a content write beside a replace, on PostgreSQL', () => {
  let onDatabase: AppOnDatabase;
  beforeAll(async () => {
    onDatabase = await appOnDatabase();
  });
  afterAll(() => onDatabase.close());

  it('waits for a publish longer than the statement timeout, then lands on what it published', async () => {
    const { app } = onDatabase.testApp;
    const transactions = app.get(ContentTransactions);
    const projects = app.get(ProjectsService);
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const publish = transactions.run(
      async () => {
        await app.get(PortfolioService).holdForReplace(['projects']);
        await projects.patch('tidewatch', { status: 'Published' });
        held();
        await sleep(LONG_PUBLISH_MS);
      },
      { source: 'publish' },
    );
    await holding;
    const write = app.get(ContentAttribution).run('api', () => projects.patch('tidewatch', { title: 'Written beside' }));
    await publish;
    expect(await write).toMatchObject({ title: 'Written beside', status: 'Published' });
  }, 20_000);
});
