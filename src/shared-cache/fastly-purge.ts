import type { PurgeSettings } from '@/config/shared-cache.config';
import { chunksOf, type Purge, purgeCall, PurgeTarget } from './purge-target';

/** Fastly takes at most 256 surrogate keys in one purge. */
const KEYS_PER_CALL = 256;

/** Fastly's purge by surrogate key (`POST /service/{service_id}/purge` with the keys in `Surrogate-Key`). */
export class FastlyPurge extends PurgeTarget {
  constructor(private readonly settings: PurgeSettings<'fastly'>) {
    super();
  }

  async purge({ tags }: Purge): Promise<void> {
    const { apiUrl, serviceId, token } = this.settings;
    for (const chunk of chunksOf(tags, KEYS_PER_CALL)) {
      await purgeCall(`${apiUrl}/service/${encodeURIComponent(serviceId)}/purge`, {
        method: 'POST',
        headers: { 'fastly-key': token, 'surrogate-key': chunk.join(' '), accept: 'application/json' },
      });
    }
  }
}
