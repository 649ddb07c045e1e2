import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { binary } from '@test/support/binary-body';
import { DEMO_CONTENT } from '@/content';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppWithPeers, createAppWithPeers } from '@test/support/app-with-peers';
import { withSharedPartsInline } from '@test/support/openapi-description';
import { ROOT } from '@test/support/paths';
import { MINIMAL_PDF } from '@test/support/pdf-text';
import type { TestApp } from '@test/support/test-app';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema?: { example?: unknown };
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}
type Description = { paths: Record<string, Record<string, Operation>>; components?: Record<string, Record<string, unknown>> };

const operationsOf = (description: Description) =>
  Object.entries(description.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

const exampleOf = (parameter: Parameter) => parameter.example ?? parameter.schema?.example;

/**
 * What a person meets in the explorer: every example is complete and realistic, and trying it
 * works as it stands on the demo content.
 */
describe('the examples of the description', () => {
  let peers: AppWithPeers;
  let testApp: TestApp;
  let description: Description;

  beforeAll(async () => {
    peers = await createAppWithPeers();
    testApp = peers.testApp;
    description = withSharedPartsInline((await request(testApp.server).get('/openapi.json').expect(200)).body as Description);
  });
  afterAll(() => peers.close());

  const EXAMPLE_PICTURE = readFileSync(join(ROOT, 'assets', 'media', 'example.png'));
  const uploadExamplePicture = () =>
    request(testApp.server)
      .post('/api/admin/media')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .set('Content-Type', 'image/png')
      .send(EXAMPLE_PICTURE)
      .expect((response) => expect([200, 201]).toContain(response.status));
  const asAdmin = (method: 'get' | 'post', path: string) =>
    request(testApp.server)[method](path).set('Authorization', `Bearer ${ADMIN_TOKEN}`);
  /**
   * The ids the service makes (a receiver's, a delivery's, a failed job's) come from an earlier
   * answer, as the explorer's user copies them: a receiver is registered with its example, sent a
   * test, and the job that delivered it is shown as failed.
   */
  const madeIds = async (): Promise<Record<string, string>> => {
    const create = description.paths['/api/admin/webhooks'].post.requestBody!.content['application/json'].examples!;
    const { body: webhook } = await asAdmin('post', '/api/admin/webhooks')
      .send(Object.values(create)[0].value as object)
      .expect(201);
    const { body: test } = await asAdmin('post', `/api/admin/webhooks/${webhook.id}/test`).expect(202);
    const job = await vi.waitFor(
      async () => {
        const [done] = (await asAdmin('get', '/api/admin/jobs?state=completed').expect(200)).body as { id: string }[];
        expect(done).toBeDefined();
        return done;
      },
      { timeout: 10_000, interval: 100 },
    );
    await peers.database.query(`UPDATE pgboss.job SET state = 'failed' WHERE id = $1`, [job.id]);
    return { webhook_id: webhook.id, delivery_id: test.deliveryId, job_id: job.id };
  };
  /** An archive, as the explorer's user would have downloaded it before putting it back. */
  const exportedArchive = async (): Promise<Buffer> =>
    (await binary(request(testApp.server).get('/api/admin/archive').set('Authorization', `Bearer ${ADMIN_TOKEN}`)).expect(200))
      .body as Buffer;
  /** The type of file an upload operation takes, as the explorer's file chooser would send it, if it takes one. */
  const fileTypeOf = (operation: { requestBody?: { content: Record<string, unknown> } }) =>
    ['application/gzip', 'application/pdf', 'image/png'].find((type) => operation.requestBody?.content[type]);
  const fileOf = async (type: string): Promise<Buffer> =>
    type === 'application/gzip' ? exportedArchive() : type === 'application/pdf' ? MINIMAL_PDF : EXAMPLE_PICTURE;

  it('give every request body, path parameter and error answer an example', () => {
    const missing: string[] = [];
    for (const { path, method, operation } of operationsOf(description)) {
      const at = `${method.toUpperCase()} ${path}`;
      // A file upload (an archive, a PDF, a picture) is chosen in the explorer, not typed: its schema says so.
      if (operation.requestBody && !operation.requestBody.content['application/json']?.examples && !fileTypeOf(operation))
        missing.push(`${at} body`);
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'path' && exampleOf(parameter) === undefined) missing.push(`${at} ${parameter.name}`);
      for (const [status, response] of Object.entries(operation.responses))
        if (Number(status) >= 400 && status !== '422' && response.content?.['application/json']?.example === undefined)
          missing.push(`${at} ${status}`);
    }
    expect(missing).toEqual([]);
  });

  it('make the common use of publishing a draft the first example: publish it now', () => {
    const examples = description.paths['/api/admin/draft/publish'].post.requestBody!.content['application/json'].examples!;
    expect(Object.values(examples).map((example) => example.value)).toEqual([{}, { at: expect.any(String) }]);
  });

  it('never show a placeholder such as "string" in an example body', () => {
    const bodies = operationsOf(description).flatMap(({ operation }) =>
      Object.values(operation.requestBody?.content['application/json']?.examples ?? {}).map((example) => JSON.stringify(example.value)),
    );
    expect(bodies.length).toBeGreaterThan(20);
    expect(bodies.filter((body) => body.includes('"string"'))).toEqual([]);
  });

  it('work as they stand on the demo content, each operation and each of its examples on its own', async () => {
    const results: string[] = [];
    await request(testApp.server).patch('/api/feature-flags').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ cvGeneration: true });
    const tries = operationsOf(description).flatMap(({ path, method, operation }) => {
      const examples = Object.values(operation.requestBody?.content['application/json']?.examples ?? {});
      return (examples.length > 0 ? examples : [undefined]).map((example) => ({ path, method, operation, body: example?.value }));
    });
    for (const { path, method, operation, body } of tries) {
      // Entra ID tokens only (identity.spec covers them), and the contact challenge, off on the demo (contact-abuse.spec covers it).
      if (path.endsWith('/auth/me') || path === '/api/contact/challenge') continue;
      await request(testApp.server).put('/api/admin/content').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send(DEMO_CONTENT).expect(200);
      // The media examples name the example picture: it is uploaded first, as the explorer's user would have.
      if (path.includes('/media')) await uploadExamplePicture();
      // The draft's operations act on a draft: a draft write opens one first; any other operation starts without.
      await request(testApp.server).delete('/api/admin/draft').set('Authorization', `Bearer ${ADMIN_TOKEN}`);
      if (path.startsWith('/api/admin/draft'))
        await request(testApp.server)
          .patch('/api/profile?draft=true')
          .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
          .send({ location: 'Utrecht' })
          .expect(200);
      if (path === '/api/admin/draft/schedule')
        await request(testApp.server)
          .post('/api/admin/draft/publish')
          .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
          .send({ at: new Date(Date.now() + 3_600_000).toISOString() })
          .expect(202);
      const made = /\{(webhook_id|delivery_id|job_id)\}/.test(path) ? await madeIds() : {};
      let url = path;
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'path')
          url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(made[parameter.name] ?? exampleOf(parameter))));
      const call = request(testApp.server)[method as 'get'](url).set('Authorization', `Bearer ${ADMIN_TOKEN}`);
      const upload = fileTypeOf(operation);
      const response = await (upload
        ? call.set('Content-Type', upload).send(await fileOf(upload))
        : body === undefined
          ? call
          : call.send(body as object));
      const successes = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      results.push(
        `${method.toUpperCase()} ${url} ${successes.includes(String(response.status)) ? 'works' : `${response.status} ${JSON.stringify(response.body)}`}`,
      );
    }
    expect(results.filter((result) => !result.endsWith(' works'))).toEqual([]);
    expect(results.length).toBeGreaterThan(40);
  }, 60_000);
});
