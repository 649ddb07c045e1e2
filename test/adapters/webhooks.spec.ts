import { AwardsService } from '@/awards/awards.service';
import { ProfileService } from '@/profile/profile.service';
import { WebhooksService } from '@/webhooks/webhooks.service';
import { ADMIN_TOKEN } from '@test/support/admin';
import { contentWritesOf } from '@test/support/content-writes';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { createTestApp, type TestApp } from '@test/support/test-app';
import { WebhookReceiver } from '@test/support/webhook-receiver';

const SOON = { timeout: 15_000, interval: 100 };

/** What the webhooks send, from two instances of one database and its job queue: once, signed, retried, across restarts. */
describe('webhook deliveries on PostgreSQL', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  let receiver: WebhookReceiver;
  let webhookId: string;

  const start = () =>
    createTestApp({
      env: {
        DATABASE_URL: database.url,
        API_ADMIN_TOKEN: ADMIN_TOKEN,
        RATE_LIMIT_ENABLED: 'false',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_RETRY_DELAYS: '1,1',
      },
    });
  const webhooks = (app = first) => app.app.get(WebhooksService);
  const written = <T>(app: TestApp, work: () => Promise<T>, toDraft = false) => contentWritesOf(app.app)(work, { toDraft });
  const awardAdded = (app: TestApp, title: string) =>
    written(app, () => app.app.get(AwardsService).create({ title, organization: 'Org', year: '2026' }));
  const locationSet = (location: string, toDraft = false) =>
    written(first, () => first.app.get(ProfileService).patch({ location }), toDraft);
  const publishedSince = (before: number) =>
    receiver
      .of('content.published')
      .slice(before)
      .map(({ payload }) => payload.data);
  const deliveryOf = async (id: string) => (await webhooks().deliveriesOf(webhookId, 100)).find((each) => each.id === id);
  const deliveredTest = (deliveryId: string) =>
    vi.waitFor(() => expect(receiver.of('webhook.test').map((event) => event.id)).toContain(deliveryId), SOON);
  /** Once every change is sent and every delivery due soon made: what came by then is all that comes. */
  const settled = () =>
    vi.waitFor(async () => {
      const [{ waiting }] = await database.query<{ waiting: number }>(
        `SELECT (SELECT count(*) FROM pgboss.job WHERE name IN ('content-published', 'webhook-delivery') AND state IN ('created', 'retry', 'active') AND start_after < now() + interval '5 seconds')
              + (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')
              + (SELECT count(*) FROM content_changes)
              + (SELECT max(id) FROM content_revisions) - (SELECT position FROM webhook_event_cursors) AS waiting`,
      );
      expect(Number(waiting)).toBe(0);
    }, SOON);

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await WebhookReceiver.start();
    [first, second] = [await start(), await start()];
    // What the seed changed is sent as soon as the instances start: to no receiver yet.
    await vi.waitFor(async () => {
      const [{ sent, recorded }] = await database.query<{ sent: number; recorded: number }>(
        `SELECT (SELECT position FROM webhook_event_cursors) AS sent, (SELECT max(id) FROM content_revisions) AS recorded`,
      );
      expect(sent).toBe(recorded);
    }, SOON);
    const registered = await webhooks().register({ url: receiver.url, events: ['content.published'], description: 'Rebuild' });
    webhookId = registered.id;
    receiver.secret = registered.secret;
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await receiver?.close();
    await database?.drop();
  });

  it('sends one signed content.published for a burst of writes, once across both instances, naming the domains and items', async () => {
    const before = receiver.of('content.published').length;
    await locationSet('Utrecht');
    const award = await awardAdded(second, 'Best');
    await vi.waitFor(() => expect(receiver.of('content.published').length).toBeGreaterThan(before), SOON);
    await settled();
    expect(publishedSince(before)).toEqual([
      {
        domains: ['profile', 'awards'],
        changes: expect.arrayContaining([
          { domain: 'profile', id: null, change: 'changed' },
          { domain: 'awards', id: award.id, change: 'added' },
        ]),
        revision: expect.any(Number),
      },
    ]);
    expect(receiver.refused).toEqual([]);
  });

  it('sends content.published for SQL typed by hand too, and a write never waits for a receiver that hangs', async () => {
    receiver.hanging = true;
    try {
      const started = performance.now();
      await locationSet('Delft');
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      receiver.hanging = false;
    }
    const before = receiver.of('content.published').length;
    const [award] = await database.query<{ id: string }>(
      `UPDATE awards SET title = 'Typed by hand' WHERE id = (SELECT id FROM awards LIMIT 1) RETURNING id`,
    );
    await vi.waitFor(
      () =>
        expect(publishedSince(before).flatMap((data) => data.changes as unknown[])).toContainEqual({
          domain: 'awards',
          id: award.id,
          change: 'changed',
        }),
      SOON,
    );
  });

  it('sends nothing for a draft write: the next event names only what visitors see', async () => {
    await settled();
    const before = receiver.of('content.published').length;
    await locationSet('Leiden', true);
    const award = await awardAdded(second, 'Seen');
    await vi.waitFor(() => expect(receiver.of('content.published').length).toBeGreaterThan(before), SOON);
    await settled();
    expect(publishedSince(before)).toEqual([
      { domains: ['awards'], changes: [{ domain: 'awards', id: award.id, change: 'added' }], revision: expect.any(Number) },
    ]);
  });

  it('tries a receiver that fails twice three times, with one webhook-id, then it is delivered', async () => {
    receiver.failing = 2;
    const { deliveryId } = await webhooks(second).test(webhookId);
    await deliveredTest(deliveryId);
    expect(receiver.attempts.filter((id) => id === deliveryId)).toHaveLength(3);
    // The outcome is recorded once the receiver's answer is read, which may be after the test saw it arrive.
    await vi.waitFor(
      async () =>
        expect(await deliveryOf(deliveryId)).toMatchObject({
          event: 'webhook.test',
          status: 'delivered',
          attempts: 3,
          lastStatus: 204,
          lastError: null,
        }),
      SOON,
    );
  });

  it('marks a delivery failed after the last delay, and sends it again on request with the same webhook-id', async () => {
    receiver.failing = 3;
    const { deliveryId } = await webhooks().test(webhookId);
    await vi.waitFor(async () => expect((await deliveryOf(deliveryId))?.status).toBe('failed'), SOON);
    expect(await deliveryOf(deliveryId)).toMatchObject({ attempts: 3, lastStatus: 500, lastError: 'HTTP 500: not now' });
    await webhooks().retry(deliveryId);
    await deliveredTest(deliveryId);
    await expect(webhooks().retry('msg_00000000000000000000000000000000')).rejects.toMatchObject({ status: 404 });
  });

  it('makes a delivery pending while both instances restart after they are back', async () => {
    receiver.failing = 1;
    const { deliveryId } = await webhooks().test(webhookId);
    await vi.waitFor(() => expect(receiver.attempts).toContain(deliveryId), SOON);
    await Promise.all([first.close(), second.close()]);
    [first, second] = [await start(), await start()];
    await deliveredTest(deliveryId);
  });

  it('signs with a rotated secret from then on', async () => {
    const { secret } = await webhooks().rotateSecret(webhookId);
    expect(secret).not.toBe(receiver.secret);
    receiver.secret = secret;
    await deliveredTest((await webhooks().test(webhookId)).deliveryId);
  });
});
