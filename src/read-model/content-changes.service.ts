import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Inject } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { databaseConfig } from '@/config/database.config';
import { CONTENT_DOMAINS, type ContentDomain, ReadModel } from './read-model.service';

/** The PostgreSQL channel every instance listens on; the payload is the changed domain. */
export const CONTENT_CHANNEL = 'content_changed';

const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];

/**
 * Keeps every instance's read model right. A write calls changed(): this instance drops the
 * domain's views at once and NOTIFYs the others over the database they share. A listener
 * connection of its own LISTENs; when it has to reconnect, notifications may have been missed,
 * so the whole read model is rebuilt.
 */
@Injectable()
export class ContentChanges implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ContentChanges.name);
  private listener: Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private stopped = false;

  constructor(
    private readonly readModel: ReadModel,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(databaseConfig.KEY) private readonly config: ConfigType<typeof databaseConfig>,
  ) {}

  async changed(domain: ContentDomain): Promise<void> {
    this.readModel.invalidate(domain);
    if (!this.config.url) return;
    try {
      await this.dataSource.query('SELECT pg_notify($1, $2)', [CONTENT_CHANNEL, domain]);
    } catch (error) {
      // The other instances catch up when their listener reconnects (a full rebuild).
      this.logger.warn({ event: 'content_change_not_published', domain, reason: messageOf(error) });
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.url) await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    await this.listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new Client({
      connectionString: this.config.url,
      application_name: 'portfolio-content-listener',
      connectionTimeoutMillis: 3_000,
    });
    client.on('notification', ({ payload }) => {
      if (CONTENT_DOMAINS.includes(payload as ContentDomain)) this.readModel.invalidate(payload as ContentDomain);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CONTENT_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    this.listener = client;
    if (this.attempt > 0) {
      this.logger.log({ event: 'content_listener_reconnected' });
      this.readModel.invalidateAll();
    }
    this.attempt = 0;
  }

  private lost(client: Client, error?: unknown): void {
    if (this.stopped || this.reconnectTimer) return;
    if (this.listener === client) this.listener = undefined;
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)];
    this.attempt += 1;
    this.logger.warn({ event: 'content_listener_lost', reason: error ? messageOf(error) : 'connection ended', retryInMs: delay });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.listen();
    }, delay);
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
