import type { PurgeSettings } from '@/config/shared-cache.config';
import { type Purge, purgeCall, PurgeTarget } from './purge-target';

/**
 * Varnish with the xkey vmod (deploy/varnish/default.vcl): `PURGE` with the keys in `xkey-purge`,
 * each object tagged by one of them gone at once, and the token the VCL checks.
 */
export class VarnishPurge extends PurgeTarget {
  constructor(private readonly settings: PurgeSettings<'varnish'>) {
    super();
  }

  async purge({ tags }: Purge): Promise<void> {
    const { url, token } = this.settings;
    await purgeCall(url, { method: 'PURGE', headers: { 'xkey-purge': tags.join(' '), Authorization: `Bearer ${token}` } });
  }
}
