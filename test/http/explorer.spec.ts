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
    page.on('request', (request) => requested.push(request.url()));
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

  it('loads with no request leaving its origin, and authorizes itself with a guest token', async () => {
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(requested).toContain(`${origin}/api/explorer-token`);
    await page.waitForSelector('.opblock');
    expect(await page.$eval('.servers select', (select) => (select as unknown as { value: string }).value)).toBe('/');
  });

  it('executes GET /api/projects against the service it was loaded from and shows 200', async () => {
    expect(await execute('get', '/api/projects')).toBe('200');
    expect(requested).toContain(`${origin}/api/projects`);
  }, 30_000);

  it('takes the admin token in the Authorize dialog, then changes a flag and generates a CV PDF', async () => {
    await (await page.waitForSelector('.auth-wrapper .authorize'))!.click();
    const dialog = await page.waitForSelector('.modal-ux');
    // The guest token is in place: log it out, then authorize with the admin token.
    await (await dialog!.waitForSelector('.auth-btn-wrapper button.modal-btn:not(.btn-done)'))!.click();
    await (await dialog!.waitForSelector('input[type=text], input[type=password]'))!.type(ADMIN_TOKEN);
    await (await dialog!.waitForSelector('.auth-btn-wrapper .authorize'))!.click();
    await (await dialog!.waitForSelector('.auth-btn-wrapper .btn-done'))!.click();

    expect(await execute('patch', '/api/feature-flags', '{"cvGeneration": true}')).toBe('200');
    expect(await execute('patch', '/api/cv/generate')).toBe('200');
    const operation = await page.$('.opblock-patch:has([data-path="/api/cv/generate"])');
    expect(await operation!.$eval('.live-responses-table', (table) => table.textContent)).toContain('application/pdf');
  }, 60_000);
});
