import request from 'supertest';
import { EXAMPLE_MEDIA_ID } from '@/media/media.examples';
import { DEMO_CONTENT } from '@/content';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';

interface Operation {
  requestBody?: { content: Record<string, { schema: object } | undefined> };
}
interface Description {
  paths: Record<string, Record<string, Operation>>;
  components: object;
}

/** Bodies drawn per write operation; each run draws the same ones (seeded). */
const BODIES_PER_OPERATION = 6;

/** An item of the demo content for each path parameter a write names. */
const PATH_VALUES = (content: typeof DEMO_CONTENT): Record<string, string> => ({
  slug: content.projects[0].slug,
  entry_id: content.experience[0].id,
  category_id: content.skills[0].id,
  skill_id: content.skills[0].skills![0].id,
  award_id: content.awards[0].id,
  certification_id: content.certifications[0].id,
  // Any picture's id will do: a body the rules refuse is 422 before the item is looked up.
  media_id: EXAMPLE_MEDIA_ID,
});

/**
 * A skill's `projects` name projects that exist, which no schema can list: generated links are
 * pointed at the projects of the document generated with them (an import), else at the demo's,
 * as the path parameters are.
 */
/** A scheduled publish is in the future, which no schema can say: a generated time is moved a year past now. */
function scheduledInTheFuture(path: string, body: unknown): unknown {
  if (path !== '/api/admin/draft/publish' || typeof body !== 'object' || body === null || !('at' in body)) return body;
  return { ...body, at: new Date(Date.now() + 365 * 24 * 3_600_000).toISOString() };
}

function linkingExistingProjects(body: unknown): unknown {
  const { projects } = (body ?? {}) as { projects?: unknown[] };
  const inDocument = Array.isArray(projects) && projects.every((project) => typeof project === 'object');
  const slugs = inDocument ? (projects as { slug: string }[]).map(({ slug }) => slug) : DEMO_CONTENT.projects.map(({ slug }) => slug);
  const linked = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(linked);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) =>
        key === 'projects' && Array.isArray(field) && field.every((item) => typeof item === 'string')
          ? [key, slugs.length === 0 ? [] : field.map((_, index) => slugs[index % slugs.length])]
          : [key, linked(field)],
      ),
    );
  };
  return linked(body);
}

/**
 * The converse of the fuzzer: bodies generated from each write operation's declared schema
 * (json-schema-faker, every optional field filled in) are accepted by the server. A generated
 * client that checks a body against the description can then never send one the server refuses
 * with 422.
 */
describe('bodies generated from the description', () => {
  let onDatabase: AppOnDatabase;
  let description: Description;
  let pathValues: Record<string, string>;

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
    description = (await request(onDatabase.testApp.server).get('/openapi.json').expect(200)).body as Description;
    const { body: webhook } = await request(onDatabase.testApp.server)
      .post('/api/admin/webhooks')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send({ url: 'https://example.com/hooks/build' })
      .expect(201);
    pathValues = { ...PATH_VALUES(DEMO_CONTENT), webhook_id: webhook.id };
  });
  afterAll(() => onDatabase.close());

  const writes = () =>
    Object.entries(description.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.requestBody?.content['application/json'])
        .map(([method, operation]) => ({ path, method, schema: operation.requestBody!.content['application/json']!.schema })),
    );

  it('are accepted by every write operation (never 422)', async () => {
    // ESM only: a dynamic import, as this file compiles to CommonJS.
    const { generate } = await import('json-schema-faker');
    const refused: string[] = [];
    const operations = writes();
    expect(operations.length).toBeGreaterThan(25);
    for (const { path, method, schema } of operations) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name]);
      for (let seed = 1; seed <= BODIES_PER_OPERATION; seed += 1) {
        await request(onDatabase.testApp.server).put('/api/admin/content').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send(DEMO_CONTENT);
        const body = await generate(
          { ...schema, components: description.components },
          { seed, alwaysFakeOptionals: true, maxItems: 3, refDepthMin: 1, refDepthMax: 10 },
        );
        const response = await request(onDatabase.testApp.server)
          [method as 'post'](url)
          .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
          .send(linkingExistingProjects(scheduledInTheFuture(path, body)) as object);
        // 503 is a dependency that is not there (the flags' configuration store), not a refusal of the body.
        if (response.status === 422 || response.status === 500) {
          refused.push(`${method.toUpperCase()} ${path} ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
        }
      }
    }
    expect(refused).toEqual([]);
  }, 120_000);
});
