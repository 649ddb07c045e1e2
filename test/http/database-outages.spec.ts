import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ADMIN_TOKEN } from '@test/support/admin';
import { createTestDatabase, queryServer, type TestDatabase } from '@test/support/database';
import { LogLines } from '@test/support/log-lines';
import { createTestApp, type TestApp } from '@test/support/test-app';

/**
 * Failures that mean the database cannot serve now, beyond a refused or silent connection (see
 * database-lifecycle): each is a 503 with the usual body, logged once without a stack.
 */
describe('a database that cannot serve now', () => {
  let database: TestDatabase;
  let role: string;
  let testApp: TestApp;
  let dropped: boolean;
  const logs = new LogLines();

  beforeEach(async () => {
    database = await createTestDatabase();
    dropped = false;
    // Connection limits do not apply to superusers: the app connects as a role of its own.
    role = `portfolio_app_${randomBytes(4).toString('hex')}`;
    const name = new URL(database.url).pathname.slice(1);
    await database.query(`CREATE ROLE "${role}" LOGIN`);
    await database.query(`ALTER DATABASE "${name}" OWNER TO "${role}"`);
    await database.query(`ALTER SCHEMA public OWNER TO "${role}"`);
    const url = new URL(database.url);
    url.username = role;
    testApp = await createTestApp({
      env: { DATABASE_URL: url.toString(), API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'warn' },
      logDestination: logs,
    });
  });
  afterEach(async () => {
    await testApp.close();
    if (!dropped) await database.drop();
    await queryServer(`DROP ROLE "${role}"`);
  });

  /** An admin read that always asks the database. */
  const downloadCounts = () => request(testApp.server).get('/api/metrics/cv-downloads').set('Authorization', `Bearer ${ADMIN_TOKEN}`);
  /**
   * Asks until the log names the failure: the first request after the cut may still meet a pooled
   * connection the server just terminated (57P01), which is a 503 as well.
   */
  const expectUnavailable = async (reason: string) => {
    await vi.waitFor(async () => {
      const response = await downloadCounts();
      expect([response.status, response.body]).toEqual([503, { detail: 'The database is unavailable; try again shortly' }]);
      expect(logs.entries).toContainEqual(expect.objectContaining({ event: 'database_unavailable', reason }));
    });
    expect(logs.entries.filter((entry) => entry.event === 'unhandled_error')).toEqual([]);
    expect(logs.raw.join('')).not.toMatch(/\n\s+at /);
  };

  it('answers 503 when the server refuses more connections (53300)', async () => {
    await downloadCounts().expect(200);
    await database.query(`ALTER ROLE "${role}" CONNECTION LIMIT 0`);
    await database.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [role]);
    await expectUnavailable('53300');
  });

  it('answers 503 when its database is gone (3D000)', async () => {
    await downloadCounts().expect(200);
    await database.drop();
    dropped = true;
    await expectUnavailable('3D000');
  });
});
