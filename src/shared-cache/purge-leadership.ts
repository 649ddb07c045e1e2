import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Client } from 'pg';
import { databaseConfig } from '@/config/database.config';

/** The advisory lock whose holder purges: one instance of all those on a database. */
const LOCK = "hashtext('portfolio-content-service:cdn-purge')";
/** How often an instance that does not purge asks for the lock, and the one that does checks it still holds it. */
const CHECK_EVERY_MS = 1_000;

/**
 * Which instance purges the shared cache: every instance hears every change, but each is purged
 * once. The holder of a session advisory lock purges; when its connection goes (it stopped, or
 * lost the database), the lock is free and another instance takes it within a second, then purges
 * everything once, since it cannot know what was missed meanwhile. Without a database an instance
 * serves a document nobody changes: it purges everything once at start (a deploy may have changed it).
 */
@Injectable()
export class PurgeLeadership implements OnApplicationShutdown {
  private readonly logger = new Logger(PurgeLeadership.name);
  private client: Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private checking = false;
  private stopped = false;
  leading = false;

  constructor(@Inject(databaseConfig.KEY) private readonly config: Pick<ConfigType<typeof databaseConfig>, 'url'>) {}

  /** Starts asking for the lock; `onLead` runs each time this instance starts purging. */
  start(onLead: () => void): void {
    const url = this.config.url;
    if (!url) {
      this.leading = true;
      onLead();
      return;
    }
    this.timer = setInterval(() => void this.check(url, onLead), CHECK_EVERY_MS);
    this.timer.unref();
    void this.check(url, onLead);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.client?.end().catch(() => undefined);
  }

  private async check(url: string, onLead: () => void): Promise<void> {
    if (this.checking || this.stopped) return;
    this.checking = true;
    try {
      const client = this.client ?? (await this.connect(url));
      if (this.leading) {
        await client.query('SELECT 1');
      } else if ((await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${LOCK}) AS locked`)).rows[0].locked) {
        this.leading = true;
        this.logger.log({ event: 'cdn_purger_leading' });
        onLead();
      }
    } catch (error) {
      this.lost(error);
    } finally {
      this.checking = false;
    }
  }

  private async connect(url: string): Promise<Client> {
    const { Client } = await import('pg');
    const client = new Client({
      connectionString: url,
      application_name: 'portfolio-content-purger',
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
    });
    client.on('error', (error) => this.lost(error));
    await client.connect();
    this.client = client;
    return client;
  }

  private lost(error: unknown): void {
    if (this.leading) this.logger.warn({ event: 'cdn_purger_lost', reason: error instanceof Error ? error.message : String(error) });
    this.leading = false;
    const client = this.client;
    this.client = undefined;
    client?.removeAllListeners();
    client?.on('error', () => undefined);
    void client?.end().catch(() => undefined);
  }
}
