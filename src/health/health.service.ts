import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS_CLIENT } from '@/common/redis/redis.module';
import { MailTransport } from '@/mail/mail-transport';
import { DatabaseStatus } from '@/database/database-status';
import { FeatureFlags } from '@/flags/feature-flags';
import type { HealthResponseDto } from './dto/health-response.dto';
import { type Reachability, reachabilityOf } from '@/common/reachability';

/** Probes answer from this cache for a while, so frequent health checks never load the peers. */
const REPORT_TTL_MS = 10_000;

/**
 * The readiness report of GET /api/health: whether the database, the configuration store, the
 * mail server and Redis answer. `degraded` when a configured peer does not; the service still
 * serves what it can (reads from memory, flags from their fallbacks, contact messages kept, rate
 * limits counted per instance).
 */
@Injectable()
export class HealthService {
  private report: { value: Promise<HealthResponseDto>; expiresAt: number } | undefined;

  constructor(
    private readonly database: DatabaseStatus,
    private readonly flags: FeatureFlags,
    private readonly mailer: MailTransport,
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
  ) {}

  current(): Promise<HealthResponseDto> {
    if (!this.report || Date.now() >= this.report.expiresAt) {
      this.report = { value: this.probe(), expiresAt: Date.now() + REPORT_TTL_MS };
    }
    return this.report.value;
  }

  private async probe(): Promise<HealthResponseDto> {
    const [database, store, mail, redis] = await Promise.all([
      this.database.reachability(),
      this.flags.storeReachability(),
      this.mailer.reachability(),
      this.redisReachability(),
    ]);
    const peers: [string, Reachability][] = [
      ['database', database],
      ['configuration store', store],
      ['mail server', mail],
      ['Redis', redis],
    ];
    const degraded = peers.some(([, state]) => state === 'unreachable');
    return {
      status: degraded ? 'degraded' : 'healthy',
      message: `Portfolio Content Service is running; ${peers.map(([peer, state]) => `${peer} ${state}`).join(', ')}`,
    };
  }

  private redisReachability(): Promise<Reachability> {
    const { redis } = this;
    return redis ? reachabilityOf(() => redis.ping()) : Promise.resolve('not configured');
  }
}
