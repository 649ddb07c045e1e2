import type { AddressInfo } from 'node:net';
import { type Browser, launch, type Page } from 'puppeteer-core';
import { ADMIN_TOKEN } from '@test/support/admin';
import { LocalAppConfiguration } from '@test/support/local-app-configuration';
import { createTestApp, type TestApp } from '@test/support/test-app';

/**
 * The Swagger explorer as a new user meets it: in real headless Chromium, with the service on
 * a random port (not the description's first server, http://localhost:8000).
 */
describe('the Swagger explorer in a browser', () => {
  let testApp: TestApp;
  let browser: Browser;
  let page: Page;
  let origin: string;
  const requested: string[] = [];
  /** The Authorization header of each request the page sent, by URL. */
  const bearers = new Map<string, string | undefined>();
  const flagStore = new LocalAppConfiguration();

  beforeAll(async () => {
    await flagStore.start();
    testApp = await createTestApp({
      env: {
        RATE_LIMIT_ENABLED: 'false',
        DATABASE_URL: undefined,
        API_ADMIN_TOKEN: ADMIN_TOKEN,
        APP_CONFIG_CONNECTION_STRING: flagStore.connectionString,
      },
    });
    await testApp.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
    page = await browser.newPage();
    page.on('request', (request) => {
      requested.push(request.url());
      bearers.set(request.url(), request.headers().authorization);
    });
    await page.goto(`${origin}/docs`, { waitUntil: 'networkidle0' });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await testApp.close();
    await flagStore.stop();
  });

  /** Opens an operation, presses Try it out, optionally replaces the body, executes, and answers the status shown. */
  async function execute(method: string, path: string, body?: string): Promise<string | undefined> {
    const operation = await page.waitForSelector(`.opblock-${method}:has([data-path="${path}"])`);
    await operation!.$eval('.opblock-summary-control', (summary) => (summary as unknown as { click(): void }).click());
    await (await operation!.waitForSelector('.try-out__btn'))!.click();
    if (body !== undefined) {
      const editor = await operation!.waitForSelector('textarea.body-param__text');
      await editor!.click();
      await page.keyboard.down('Control');
      await page.keyboard.press('KeyA');
      await page.keyboard.up('Control');
      await page.keyboard.press('Backspace');
      await editor!.type(body);
    }
    await (await operation!.waitForSelector('.execute'))!.click();
    const status = await operation!.waitForSelector('.live-responses-table tr.response .response-col_status');
    return status!.evaluate((cell) => cell.textContent?.trim());
  }

  /** What the banner at the top of the page says, once it says the expected role. */
  async function role(expected: string): Promise<string> {
    const banner = await page.waitForSelector(`#explorer-role[data-role="${expected}"]`);
    return banner!.evaluate((element) => element.textContent ?? '');
  }

  /** Opens the Authorize dialog as a person would, logs out whatever is there, pastes a token, authorizes and closes. */
  async function authorize(token: string): Promise<{ fieldType: string }> {
    await (await page.waitForSelector('.auth-wrapper .authorize'))!.click();
    const dialog = await page.waitForSelector('.modal-ux');
    const logout = await dialog!.$('.auth-btn-wrapper button.modal-btn:not(.btn-done):not(.authorize)');
    if (logout) await logout.click();
    const field = await dialog!.waitForSelector('.auth-container input');
    await field!.type(token);
    const fieldType = await field!.evaluate((input) => (input as unknown as { type: string }).type);
    await (await dialog!.waitForSelector('.auth-btn-wrapper .authorize'))!.click();
    await (await dialog!.waitForSelector('.auth-btn-wrapper .btn-done'))!.click();
    return { fieldType };
  }

  it('loads with no request leaving its origin, fetches a guest token and says it is a guest', async () => {
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(requested).toContain(`${origin}/api/explorer-token`);
    await page.waitForSelector('.opblock');
    expect(await page.$eval('.servers select', (select) => (select as unknown as { value: string }).value)).toBe('/');
    expect(await role('guest')).toContain('click Authorize, paste your admin token');
  });

  it('executes GET /api/projects against the service it was loaded from with the guest token, and shows 200', async () => {
    expect(await execute('get', '/api/projects')).toBe('200');
    // The explorer sends the read's default language along: ?lang=english.
    expect(bearers.get(`${origin}/api/projects?lang=english`)).toMatch(/^Bearer [\w-]{91}$/);
  }, 30_000);

  it('says so when a pasted token is not an admin token, in a masked field', async () => {
    const { fieldType } = await authorize('not-the-admin-token');
    expect(fieldType).toBe('password');
    expect(await role('refused')).toContain('not an admin token');
  }, 30_000);

  it('takes an admin token pasted into Authorize in one step, says admin, then changes a flag and generates a CV PDF', async () => {
    await authorize(ADMIN_TOKEN);
    expect(await role('admin')).toContain('Role: admin');

    expect(await execute('patch', '/api/feature-flags', '{"cvGeneration": true}')).toBe('200');
    expect(bearers.get(`${origin}/api/feature-flags`)).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(await execute('patch', '/api/cv/generate')).toBe('200');
    const operation = await page.$('.opblock-patch:has([data-path="/api/cv/generate"])');
    expect(await operation!.$eval('.live-responses-table', (table) => table.textContent)).toContain('application/pdf');
  }, 60_000);
});
