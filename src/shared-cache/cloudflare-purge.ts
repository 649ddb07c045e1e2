import type { PurgeSettings } from '@/config/shared-cache.config';
import { chunksOf, type Purge, purgeCall, PurgeTarget } from './purge-target';

/** Cloudflare takes at most 30 tags in one purge. */
const TAGS_PER_CALL = 30;

/** Cloudflare's purge by tag (`POST /zones/{zone_id}/purge_cache` with `{ tags }`): what Cache-Tag named is gone from every data centre. */
export class CloudflarePurge extends PurgeTarget {
  constructor(private readonly settings: PurgeSettings<'cloudflare'>) {
    super();
  }

  async purge({ tags }: Purge): Promise<void> {
    const { apiUrl, zoneId, token } = this.settings;
    for (const chunk of chunksOf(tags, TAGS_PER_CALL)) {
      const response = await purgeCall(`${apiUrl}/zones/${zoneId}/purge_cache`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tags: chunk }),
      });
      const answer = (await response.json()) as { success?: boolean; errors?: unknown[] };
      if (answer.success !== true) throw new Error(`Cloudflare refused the purge: ${JSON.stringify(answer.errors ?? answer)}`);
    }
  }
}
