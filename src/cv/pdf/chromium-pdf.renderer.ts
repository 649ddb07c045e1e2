import { Inject, Injectable, Logger, type OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Browser, Page } from 'puppeteer-core';
import { cvConfig } from '@/config/cv.config';

const RENDER_TIMEOUT_MS = 30_000;
/** Renders run one at a time (Chromium needs ~400 MB); this many may wait behind the running one. */
const MAX_WAITING_RENDERS = 4;

const CHROMIUM_ARGS = [
  // The page is our own template with JavaScript off and every request blocked, and Chromium's
  // sandbox needs kernel features containers rarely grant.
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
];

const unavailable = (detail: string) => new ServiceUnavailableException({ detail });

/**
 * HTML to A4 PDF through puppeteer-core and the Chromium at CHROMIUM_PATH. One browser is
 * launched on the first render and reused (a fresh page per render), launched again after a
 * crash, and closed when the application shuts down, or by itself when the process dies.
 */
@Injectable()
export class ChromiumPdfRenderer implements OnApplicationShutdown {
  private readonly logger = new Logger(ChromiumPdfRenderer.name);
  private browser: Promise<Browser> | undefined;
  private queueTail: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(@Inject(cvConfig.KEY) private readonly config: ConfigType<typeof cvConfig>) {}

  /** Rejects with 503 when no browser can be started, the queue is full, or the render times out. */
  render(html: string): Promise<Buffer> {
    return this.oneAtATime(() => this.withDeadline((page) => this.print(page, html)));
  }

  /** The running browser's process id, if one is running. */
  async browserPid(): Promise<number | undefined> {
    const browser = await this.browser?.catch(() => undefined);
    return browser?.process()?.pid;
  }

  async onApplicationShutdown(): Promise<void> {
    const browser = await this.browser?.catch(() => undefined);
    this.browser = undefined;
    if (!browser) return;
    await browser.close().catch(() => browser.process()?.kill('SIGKILL'));
  }

  private async print(page: Page, html: string): Promise<Buffer> {
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request) => void (request.url().startsWith('data:') ? request.continue() : request.abort()));
    await page.setContent(html, { waitUntil: 'load', timeout: RENDER_TIMEOUT_MS });
    return Buffer.from(await page.pdf({ preferCSSPageSize: true, printBackground: true, timeout: RENDER_TIMEOUT_MS }));
  }

  private async withDeadline(work: (page: Page) => Promise<Buffer>): Promise<Buffer> {
    const browser = await this.launched();
    const page = await browser.newPage();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable('CV generation took too long; try again later')), RENDER_TIMEOUT_MS);
    });
    try {
      return await Promise.race([work(page), deadline]);
    } catch (error) {
      // A render this slow means the browser is stuck: start afresh next time.
      if (error instanceof ServiceUnavailableException) await this.onApplicationShutdown();
      throw error;
    } finally {
      clearTimeout(timer);
      await page.close().catch(() => undefined);
    }
  }

  private launched(): Promise<Browser> {
    // puppeteer-core is loaded with the first render: most instances never render, and it is a
    // tenth of the start-up time.
    this.browser ??= import('puppeteer-core')
      .then(({ launch }) =>
        launch({
          executablePath: this.config.chromiumPath,
          headless: true,
          args: CHROMIUM_ARGS,
          // DevTools over a pipe rather than a WebSocket: when this process ends, however it ends
          // (SIGKILL included), the pipe closes and Chromium exits with it; no orphan is left.
          pipe: true,
          // Not on a signal: the app closes the browser once in-flight renders are done.
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
        }),
      )
      .then(
        (browser) => {
          browser.once('disconnected', () => {
            // Unexpected only while still in use: shutting down forgets the browser first.
            if (!this.browser) return;
            this.logger.warn({ event: 'chromium_disconnected' });
            this.browser = undefined;
          });
          return browser;
        },
        (error: unknown) => {
          this.browser = undefined;
          this.logger.error({ event: 'chromium_unavailable', reason: error instanceof Error ? error.message : String(error) });
          throw unavailable('CV generation is unavailable: no usable browser');
        },
      );
    return this.browser;
  }

  private async oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    if (this.queued > MAX_WAITING_RENDERS) throw unavailable('CV generation is busy; try again shortly');
    this.queued += 1;
    const previous = this.queueTail;
    let release = (): void => undefined;
    this.queueTail = new Promise((resolve) => (release = resolve));
    try {
      await previous;
      return await work();
    } finally {
      this.queued -= 1;
      release();
    }
  }
}
