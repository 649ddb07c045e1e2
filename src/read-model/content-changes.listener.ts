import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Client } from 'pg';
import { reachabilityOf } from '@/common/reachability';
import { databaseConfig } from '@/config/database.config';
import { isContentDomain } from '@/content';
import { DatabaseAnnouncements } from './database-announcements';
import { ReadModel } from './read-model';

/** The channel the content tables' triggers NOTIFY (migration ContentChangeTriggers); the payload is the domain. */
export const CONTENT_CHANNEL = 'content_changed';

const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];

/** How often the listener's connection is asked whether it still answers, and how long an answer may take. */
export interface ListenerCheck {
  everyMs: number;
  answerWithinMs: number;
}

export const LISTENER_CHECK = Symbol('ListenerCheck');

/** A connection that went half-open (a NAT or a proxy that forgot it) is found within about 20 s. */
export const DEFAULT_LISTENER_CHECK: ListenerCheck = { everyMs: 15_000, answerWithinMs: 5_000 };

/**
 * Keeps the read model in step with the database, however the content changed: every content
 * table announces its changes itself (statement-level triggers), so a write by this instance, by
 * another one, by the certification sync or by SQL typed by hand all reach every instance. A
 * listener connection of its own LISTENs; when it has to reconnect, notifications may have been
 * missed, so every answer is prepared again (those sent lately at once, as after a change). The
 * same connection listens to the channels others asked DatabaseAnnouncements for (a picture
 * deleted), and tells them when it is back. A connection can die without a word (half-open: a
 * NAT or proxy between forgot it), so it has TCP keep-alive, and is asked `SELECT 1` now and then:
 * no answer in time counts as lost.
 */
@Injectable()
export class ContentChangesListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ContentChangesListener.name);
  private listener: Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private stopped = false;

  constructor(
    private readonly readModel: ReadModel,
    private readonly announcements: DatabaseAnnouncements,
    @Inject(databaseConfig.KEY) private readonly config: Pick<ConfigType<typeof databaseConfig>, 'url'>,
    @Inject(LISTENER_CHECK) private readonly check: ListenerCheck,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.url) await this.listen(this.config.url);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.checkTimer);
    await this.listener?.end().catch(() => undefined);
  }

  private async listen(url: string): Promise<void> {
    const { Client } = await import('pg');
    const client = new Client({
      connectionString: url,
      application_name: 'portfolio-content-listener',
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: this.check.everyMs,
    });
    client.on('notification', ({ channel, payload = '' }) => {
      if (channel !== CONTENT_CHANNEL) return this.announcements.announce(channel, payload);
      // `<domain>`, or `<domain>:<write id>` for a write of the service made in a request.
      const [domain, write] = payload.split(':', 2);
      if (isContentDomain(domain)) this.readModel.announced(domain, write);
    });
    client.on('error', (error) => this.lost(url, client, error));
    client.on('end', () => this.lost(url, client));
    try {
      await client.connect();
      for (const channel of [CONTENT_CHANNEL, ...this.announcements.channels])
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      this.lost(url, client, error);
      return;
    }
    this.listener = client;
    this.checkTimer = setInterval(() => void this.checkAnswers(url, client), this.check.everyMs);
    this.checkTimer.unref();
    if (this.attempt > 0) {
      this.logger.log({ event: 'content_listener_reconnected' });
      this.readModel.announcedAll();
      this.announcements.reconnected();
    }
    this.attempt = 0;
  }

  private async checkAnswers(url: string, client: Client): Promise<void> {
    const reachability = await reachabilityOf(() => client.query('SELECT 1'), this.check.answerWithinMs);
    if (reachability === 'unreachable') this.lost(url, client, `no answer to a check within ${this.check.answerWithinMs} ms`);
  }

  private lost(url: string, client: Client, error?: unknown): void {
    if (this.stopped || this.reconnectTimer) return;
    clearInterval(this.checkTimer);
    if (this.listener === client) this.listener = undefined;
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)];
    this.attempt += 1;
    this.logger.warn({ event: 'content_listener_lost', reason: error ? messageOf(error) : 'connection ended', retryInMs: delay });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.listen(url);
    }, delay);
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
