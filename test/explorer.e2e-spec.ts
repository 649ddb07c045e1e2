import type { AddressInfo } from 'node:net';
import { type Browser, launch, type Page } from 'puppeteer-core';
import { createTestApp, type TestApp } from './support/test-app';

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

  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false', DATABASE_URL: undefined } });
    await testApp.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    page = await browser.newPage();
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${origin}/docs`, { waitUntil: 'networkidle0' });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await testApp.close();
  });

  it('loads with no request leaving its origin, and authorizes itself with a guest token', async () => {
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(requested).toContain(`${origin}/api/explorer-token`);
    await page.waitForSelector('.opblock');
    expect(await page.$eval('.servers select', (select) => (select as unknown as { value: string }).value)).toBe('/');
  });

  it('executes GET /api/projects against the service it was loaded from and shows 200', async () => {
    const operation = await page.waitForSelector('.opblock-get:has([data-path="/api/projects"])');
    await operation!.$eval('.opblock-summary-control', (summary) => (summary as unknown as { click(): void }).click());
    await (await operation!.waitForSelector('.try-out__btn'))!.click();
    await (await operation!.waitForSelector('.execute'))!.click();
    const status = await operation!.waitForSelector('.live-responses-table tr.response .response-col_status');
    expect(await status!.evaluate((cell) => cell.textContent?.trim())).toBe('200');
    expect(requested).toContain(`${origin}/api/projects`);
  }, 30_000);
});
