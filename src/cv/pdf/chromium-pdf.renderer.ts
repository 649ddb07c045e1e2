import { Inject, Injectable, Logger, type OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Browser, Page } from 'puppeteer-core';
import { cvConfig } from '@/config/cv.config';

/** Renders run one at a time (Chromium needs ~400 MB); this many may wait behind the running one, which a typical render (~0.2 s) clears well within the deadline. */
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

/**
 * Node's allocator preload (the image runs Node on jemalloc) is Node's alone: Chromium brings its
 * own allocator, and under the preload its GPU process dies and the browser never starts.
 */
const NODE_ONLY_VARIABLES = new Set(['LD_PRELOAD', 'MALLOC_CONF']);

const chromiumEnvironment = (): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !NODE_ONLY_VARIABLES.has(name)));

const unavailable = (detail: string) => new ServiceUnavailableException({ detail });
const tooSlow = () => unavailable('CV generation took too long; try again later');

/**
 * HTML to A4 PDF through puppeteer-core and the Chromium at CHROMIUM_PATH. One browser is
 * launched on the first render and reused (a fresh page per render), launched again after a
 * crash or a render that missed its deadline, and closed when the application shuts down, or by
 * itself when the process dies. Every render has one deadline (CV_RENDER_TIMEOUT_MS) that covers
 * its wait in the queue, the browser's launch and the page: none waits without bound.
 */
@Injectable()
export class ChromiumPdfRenderer implements OnApplicationShutdown {
  private readonly logger = new Logger(ChromiumPdfRenderer.name);
  private browser: Promise<Browser> | undefined;
  /** The browser once its launch has finished. */
  private running: Browser | undefined;
  /** Ends the browser's process, whether or not its launch has finished. */
  private browserAbort: AbortController | undefined;
  private queueTail: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(@Inject(cvConfig.KEY) private readonly config: ConfigType<typeof cvConfig>) {}

  /** Rejects with 503 when no browser can be started, the queue is full, or the deadline passes. */
  async render(html: string): Promise<Buffer> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(tooSlow()), this.config.renderTimeoutMs);
    });
    expired.catch(() => undefined);
    try {
      return await this.oneAtATime(expired, () => this.onPage(expired, (page) => this.print(page, html)));
    } finally {
      clearTimeout(timer);
    }
  }

  /** The running browser's process id, if one is running. */
  async browserPid(): Promise<number | undefined> {
    const browser = await this.browser?.catch(() => undefined);
    return browser?.process()?.pid;
  }

  onApplicationShutdown(): Promise<void> {
    return this.discardBrowser();
  }

  /** Forgets the browser, so the next render starts a fresh one, and ends it, launched or still starting. */
  private async discardBrowser(): Promise<void> {
    const [browser, abort] = [this.running, this.browserAbort];
    this.browser = this.running = undefined;
    await browser?.close().catch(() => browser.process()?.kill('SIGKILL'));
    abort?.abort();
  }

  private async print(page: Page, html: string): Promise<Buffer> {
    const timeout = this.config.renderTimeoutMs;
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request) => void (request.url().startsWith('data:') ? request.continue() : request.abort()));
    await page.setContent(html, { waitUntil: 'load', timeout });
    return Buffer.from(await page.pdf({ preferCSSPageSize: true, printBackground: true, timeout }));
  }

  private async onPage(expired: Promise<never>, work: (page: Page) => Promise<Buffer>): Promise<Buffer> {
    // A launch that does not finish in time is ended by its own watchdog (see launched()).
    const browser = await Promise.race([this.launched(), expired]);
    let page: Page | undefined;
    try {
      page = await Promise.race([browser.newPage(), expired]);
      return await Promise.race([work(page), expired]);
    } catch (error) {
      // A browser that made a render miss its deadline is stuck: the next render starts afresh.
      if (error instanceof ServiceUnavailableException) void this.discardBrowser();
      throw error;
    } finally {
      void page?.close().catch(() => undefined);
    }
  }

  private launched(): Promise<Browser> {
    // puppeteer-core is loaded with the first render: most instances never render, and it is a
    // tenth of the start-up time.
    if (this.browser) return this.browser;
    const abort = (this.browserAbort = new AbortController());
    const watchdog = setTimeout(() => {
      this.logger.error({ event: 'chromium_unavailable', reason: `did not start within ${this.config.renderTimeoutMs} ms` });
      void this.discardBrowser();
    }, this.config.renderTimeoutMs);
    const launching = import('puppeteer-core')
      .then(({ launch }) =>
        launch({
          signal: abort.signal,
          executablePath: this.config.chromiumPath,
          headless: true,
          args: CHROMIUM_ARGS,
          env: chromiumEnvironment(),
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
          if (abort.signal.aborted) {
            void browser.close().catch(() => undefined);
            throw unavailable('CV generation is unavailable: no usable browser');
          }
          this.running = browser;
          browser.once('disconnected', () => {
            // Unexpected only while still in use: shutting down forgets the browser first.
            if (!this.browser) return;
            this.logger.warn({ event: 'chromium_disconnected' });
            this.browser = this.running = undefined;
          });
          return browser;
        },
        (error: unknown) => {
          if (abort.signal.aborted) throw unavailable('CV generation is unavailable: no usable browser');
          this.browser = undefined;
          this.logger.error({ event: 'chromium_unavailable', reason: error instanceof Error ? error.message : String(error) });
          throw unavailable('CV generation is unavailable: no usable browser');
        },
      )
      .finally(() => clearTimeout(watchdog));
    this.browser = launching;
    return launching;
  }

  /** One render at a time; one whose deadline passes while it waits is 503 and never runs. */
  private async oneAtATime<T>(expired: Promise<never>, work: () => Promise<T>): Promise<T> {
    if (this.queued > MAX_WAITING_RENDERS) throw unavailable('CV generation is busy; try again shortly');
    this.queued += 1;
    const previous = this.queueTail;
    let release = (): void => undefined;
    this.queueTail = new Promise((resolve) => (release = resolve));
    try {
      await Promise.race([previous, expired]);
      return await work();
    } finally {
      this.queued -= 1;
      // The next in line starts once the one ahead of this is done too, even when this one gave up waiting.
      void previous.then(release);
    }
  }
}
