import { validate } from '@readme/openapi-parser';
import { withSharedPartsInline } from '@test/support/openapi-description';
import { builtDescription } from '@test/support/built-description';

type Operation = {
  operationId?: string;
  security?: unknown[];
  deprecated?: boolean;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { headers?: object }>;
};

/** Operations that change something yet need no credential. */
const PUBLIC_ACTIONS = ['POST /api/contact', 'PATCH /api/download-cv', 'PATCH /api/cv/generate', 'POST /api/admin/sync-certifications'];
/** The operationIds clients are generated with. */
const PUBLISHED_OPERATION_IDS = [
  'exportArchive',
  'importArchive',
  'createWebhook',
  'listWebhooks',
  'getWebhook',
  'updateWebhook',
  'deleteWebhook',
  'rotateWebhookSecret',
  'sendWebhookTest',
  'listWebhookDeliveries',
  'retryWebhookDelivery',
  'listJobs',
  'retryJob',
  'getDraft',
  'publishDraft',
  'discardDraft',
  'deleteDraftSchedule',
  'createDraftPreviewToken',
  'uploadMedia',
  'listMedia',
  'updateMedia',
  'deleteMedia',
  'getMediaOriginal',
  'getMediaVariant',
  'getMedia',
  'getProfile',
  'replaceProfile',
  'updateProfile',
  'listProjects',
  'createProject',
  'getProject',
  'reorderProjects',
  'replaceProject',
  'updateProject',
  'deleteProject',
  'listExperience',
  'createWorkEntry',
  'getWorkEntryByIndex',
  'reorderExperience',
  'replaceWorkEntry',
  'updateWorkEntry',
  'deleteWorkEntry',
  'listSkillCategories',
  'createSkillCategory',
  'replaceSkillCategory',
  'updateSkillCategory',
  'deleteSkillCategory',
  'createSkill',
  'replaceSkill',
  'updateSkill',
  'deleteSkill',
  'listAwards',
  'createAward',
  'reorderAwards',
  'replaceAward',
  'updateAward',
  'deleteAward',
  'listCertifications',
  'createCertification',
  'reorderCertifications',
  'replaceCertification',
  'updateCertification',
  'deleteCertification',
  'syncCertifications',
  'getCurrentAdmin',
  'getCurrentAdminOutsideApi',
  'getHealth',
  'sendContactMessage',
  'getContactChallenge',
  'getFeatureFlags',
  'updateFeatureFlags',
  'getCvDownloadLink',
  'getCvStatus',
  'generateCv',
  'getCvDownloadCounts',
  'exportContent',
  'importContent',
  'listServedCvs',
  'uploadCv',
  'publishCv',
  'deleteCv',
  'listContentRevisions',
  'getContentRevision',
  'restoreContentRevision',
  'getSitemap',
  'getRobotsTxt',
  'getAtomFeed',
  'getJsonFeed',
  'getSiteStructuredData',
  'getSiteSocialCard',
  'getProjectStructuredData',
  'getProjectSocialCard',
];

/** Reads that need an admin credential. */
const ADMIN_READS = [
  '/api/admin/draft',
  '/api/admin/media',
  '/api/admin/media/{media_id}/original',
  '/api/auth/me',
  '/auth/me',
  '/api/metrics/cv-downloads',
  '/api/admin/content',
  '/api/admin/cv',
  '/api/admin/content/revisions',
  '/api/admin/content/revisions/{revision_id}',
  '/api/admin/webhooks',
  '/api/admin/webhooks/{webhook_id}',
  '/api/admin/webhooks/{webhook_id}/deliveries',
  '/api/admin/jobs',
  '/api/admin/archive',
];

describe('the published description, as the app builds it', () => {
  let document: {
    openapi: string;
    info: Record<string, string>;
    servers: { url: string }[];
    paths: Record<string, Record<string, Operation>>;
  };

  beforeAll(async () => {
    const built = await builtDescription({
      OPENAPI_SERVER_PROD: 'https://api.portfolio.example',
      OPENAPI_SERVER_DEV: 'https://dev.portfolio.example',
    });
    document = withSharedPartsInline(JSON.parse(JSON.stringify(built)));
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );

  it('is a valid OpenAPI 3.1.0 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names the service, its version and three servers', () => {
    expect(document.info).toMatchObject({ title: 'Portfolio Content Service', version: '1.2.0' });
    expect(document.servers.map((server) => server.url)).toEqual([
      'http://localhost:8000',
      'https://api.portfolio.example',
      'https://dev.portfolio.example',
    ]);
  });

  it('leaves out the legacy health route, the file download and the explorer token', () => {
    expect(Object.keys(document.paths)).not.toContain('/health');
    expect(document.paths['/api/download-cv']?.get).toBeUndefined();
    expect(Object.keys(document.paths)).not.toContain('/api/explorer-token');
  });

  it('marks the by-index experience read deprecated, with an integer index', () => {
    const operation = document.paths['/api/experience/{index}'].get;
    expect(operation.deprecated).toBe(true);
    expect(operation.parameters).toEqual([
      expect.objectContaining({ name: 'index', in: 'path', schema: expect.objectContaining({ type: 'integer' }) }),
      expect.objectContaining({ name: 'lang', in: 'query' }),
      expect.objectContaining({ name: 'preview', in: 'query' }),
    ]);
  });

  it('takes ?lang= on every public content read but the profile (which carries both languages), and says which in Content-Language', () => {
    const reads = operations().filter(
      ({ method, operation }) => method === 'get' && !operation.security?.length && '304' in operation.responses,
    );
    const withLang = reads.filter(({ operation }) =>
      (operation.parameters as { name: string }[] | undefined)?.some(({ name }) => name === 'lang'),
    );
    expect(withLang.map(({ path }) => path).sort()).toEqual(
      reads
        .map(({ path }) => path)
        .filter(
          (path) =>
            path.startsWith('/api/') &&
            ![
              '/api/profile',
              '/api/feature-flags',
              '/api/cv/status',
              '/api/health',
              '/api/contact/challenge',
              // what a crawler reads of the whole site: every language at once
              '/api/site/sitemap.xml',
              '/api/site/robots.txt',
            ].includes(path) &&
            !path.startsWith('/api/media/'),
        )
        .sort(),
    );
    for (const { operation } of withLang) expect(Object.keys(operation.responses['200'].headers ?? {})).toContain('Content-Language');
    expect(Object.keys(document.paths['/api/profile'].get.responses['200'].headers ?? {})).not.toContain('Content-Language');
  });

  it('names path parameters as the spec does', () => {
    expect(document.paths['/api/projects/{project_id}']).toBeDefined();
  });

  it('writes nullable fields the 3.1 way', () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain('"nullable"');
    expect(text).toContain('"type":["string","null"]');
  });

  it('names every operation with a lowerCamelCase verb phrase, unique, and keeps the published names', () => {
    const ids = operations().map(({ operation }) => operation.operationId!);
    for (const id of ids)
      expect(id).toMatch(
        /^(list|get|create|replace|update|delete|reorder|sync|send|generate|export|import|upload|publish|restore|discard|rotate|retry)[A-Z][A-Za-z]*$/,
      );
    expect(new Set(ids).size).toBe(ids.length);
    // A generated client's method names: renaming one breaks every frontend that calls it.
    expect(ids.sort()).toEqual(PUBLISHED_OPERATION_IDS.sort());
  });

  it('declares 500 on every operation and 422 wherever input is validated', () => {
    for (const { path, method, operation } of operations()) {
      expect([path, method, Object.keys(operation.responses)]).toEqual([path, method, expect.arrayContaining(['500'])]);
      if (operation.parameters?.length || operation.requestBody) {
        expect([path, method, Object.keys(operation.responses)]).toEqual([path, method, expect.arrayContaining(['422'])]);
      }
    }
  });

  it('declares 429 on exactly the rate-limited operations and the admin operations, with Retry-After', () => {
    const limited = operations().filter(({ operation }) => '429' in operation.responses);
    for (const { path, method, operation } of limited)
      expect([method, path, Object.keys(operation.responses['429'].headers ?? {}).sort()]).toEqual([
        method,
        path,
        ['Cache-Control', 'Retry-After', 'X-Request-Id'],
      ]);
    const isAdmin = ({ path, operation }: { path: string; operation: { security?: unknown[] } }) =>
      Boolean(operation.security?.length) && !path.endsWith('/auth/me');
    expect(
      limited
        .filter((op) => !isAdmin(op))
        .map(({ path, method }) => `${method.toUpperCase()} ${path}`)
        .sort(),
    ).toEqual([
      'GET /api/awards',
      'GET /api/certifications',
      'GET /api/contact/challenge',
      'GET /api/experience',
      'GET /api/experience/{index}',
      'GET /api/media/{media_id}',
      'GET /api/media/{media_id}/{variant}',
      'GET /api/profile',
      'GET /api/projects',
      'GET /api/projects/{project_id}',
      'GET /api/projects/{project_id}/og-image.png',
      'GET /api/projects/{project_id}/structured-data',
      'GET /api/site/feed.atom',
      'GET /api/site/feed.json',
      'GET /api/site/og-image.png',
      'GET /api/site/robots.txt',
      'GET /api/site/sitemap.xml',
      'GET /api/site/structured-data',
      'GET /api/skills',
      'PATCH /api/cv/generate',
      'PATCH /api/download-cv',
      'POST /api/admin/sync-certifications',
      'POST /api/contact',
    ]);
    expect(limited.filter(isAdmin)).toEqual(operations().filter(isAdmin));
  });

  it('declares the X-RateLimit-* headers on every answer but 429 of a limited operation, the shared ones (a 422) included', () => {
    const limited = operations().filter(({ operation }) => 'x-rate-limit' in operation);
    expect(limited.length).toBeGreaterThanOrEqual(11);
    for (const { path, method, operation } of limited) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, { headers?: object }>)) {
        if (status === '429') continue;
        expect([method, path, status, Object.keys(response.headers ?? {})]).toEqual([
          method,
          path,
          status,
          expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
        ]);
      }
    }
  });

  it("declares the CV upload's body required, as a missing one is 422", () => {
    const upload = document.paths['/api/admin/cv/{lang}'].put as { requestBody?: { required?: boolean } };
    expect(upload.requestBody?.required).toBe(true);
  });

  it('describes every operation beyond its summary (what Spectral’s operation-description asks)', () => {
    const undescribed = operations().filter(({ operation }) => !(operation as { description?: string }).description);
    expect(undescribed.map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toEqual([]);
  });

  it('declares every error body as JSON, also where the success is a PDF', () => {
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, { content?: object }>)) {
        if (Number(status) >= 400)
          expect([method, path, status, Object.keys(response.content ?? {})]).toEqual([method, path, status, ['application/json']]);
      }
    }
  });

  it('puts the bearer requirement, 401, 403 and 429 (and 503 where a database is needed) on every admin operation', () => {
    const isPublicAction = ({ method, path }: { method: string; path: string }) =>
      PUBLIC_ACTIONS.includes(`${method.toUpperCase()} ${path}`);
    for (const action of operations().filter(isPublicAction)) expect([action.path, action.operation.security]).toEqual([action.path, []]);
    const adminOperations = operations().filter((op) => (op.method !== 'get' && !isPublicAction(op)) || ADMIN_READS.includes(op.path));
    expect(adminOperations.length).toBeGreaterThanOrEqual(19);
    for (const { path, method, operation } of adminOperations) {
      expect([path, method, operation.security]).toEqual([path, method, [{ bearer: [] }]]);
      // What the CV serves is read without a database too (the shipped files), and while it is down.
      const needsNoDatabase = path.endsWith('/auth/me') || (path === '/api/admin/cv' && method === 'get');
      const expected = path.endsWith('/auth/me') ? ['401', '403'] : needsNoDatabase ? ['401', '403', '429'] : ['401', '403', '429', '503'];
      expect([path, method, Object.keys(operation.responses)]).toEqual([path, method, expect.arrayContaining(expected)]);
    }
    const guarded = operations()
      .filter((op) => (op.operation.security as unknown[]).length > 0)
      .map(({ method, path }) => `${method} ${path}`);
    expect(guarded.sort()).toEqual(adminOperations.map(({ method, path }) => `${method} ${path}`).sort());
  });

  it('gives every field its real type: no string keyword on a field declared as an object', () => {
    const schemas = (document as unknown as { components: { schemas: Record<string, object> } }).components.schemas;
    const misdeclared: string[] = [];
    const visit = (node: unknown, path: string) => {
      if (node === null || typeof node !== 'object') return;
      const { type } = node as { type?: unknown };
      const stringKeywords = ['minLength', 'maxLength', 'pattern', 'format'].filter((keyword) => keyword in node);
      if ([type].flat().includes('object') && stringKeywords.length > 0) misdeclared.push(path);
      for (const [key, child] of Object.entries(node)) visit(child, `${path}/${key}`);
    };
    visit(schemas, '#/components/schemas');
    expect(misdeclared).toEqual([]);
    expect(schemas.ContactRequest).toMatchObject({ properties: { company: { type: ['string', 'null'], maxLength: 200 } } });
  });

  it('names the write models as the spec does', () => {
    const schemas = Object.keys((document as unknown as { components: { schemas: object } }).components.schemas);
    expect(schemas).toEqual(
      expect.arrayContaining([
        'ProjectCreate',
        'ProjectUpdate',
        'WorkEntryCreate',
        'WorkEntryUpdate',
        'SkillCategoryCreate',
        'SkillCategoryUpdate',
        'SkillCreate',
        'SkillUpdate',
        'ReorderRequest',
        'HTTPValidationError',
      ]),
    );
  });

  it('describes auth/me under both prefixes, with the bearer scheme', () => {
    for (const path of ['/api/auth/me', '/auth/me']) {
      expect(document.paths[path].get.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(document.paths[path].get.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
    }
  });

  it('declares the contact request body and 200, 413, 422, 429 and 500', () => {
    const operation = document.paths['/api/contact'].post;
    expect(operation.requestBody).toMatchObject({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ContactRequest' } } },
    });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '413', '422', '429', '500']));
  });

  it('lets a CV generation leave its body out, and gives its 404 the answer sent while generation is off', () => {
    const operation = document.paths['/api/cv/generate'].patch as Operation & {
      requestBody: { required: boolean };
      responses: Record<string, { content: Record<string, { example: unknown }> }>;
    };
    expect(operation.requestBody.required).toBe(false);
    expect(operation.responses['404'].content['application/json'].example).toEqual({ detail: 'CV generation is not enabled' });
  });

  it('declares ?draft=true only on writes that can be drafted', () => {
    const draftOf = (path: string, method: string) =>
      (document.paths[path][method].parameters as { name: string; schema: object }[]).find((parameter) => parameter.name === 'draft');
    expect(draftOf('/api/admin/content/revisions/{revision_id}/restore', 'post')?.schema).toEqual({ type: 'boolean', enum: [false] });
    expect(draftOf('/api/projects/{slug}', 'patch')?.schema).toEqual({ type: 'boolean', default: false });
  });

  it('declares no bearer on the certification sync', () => {
    expect(document.paths['/api/admin/sync-certifications'].post.security).toEqual([]);
  });
});
