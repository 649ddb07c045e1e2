import { type Purge, purgeCall, PurgeTarget } from './purge-target';

/** Varnish with the xkey vmod (deploy/varnish/default.vcl): `PURGE` with the keys in `xkey-purge`, each object tagged by one of them gone at once. */
export class VarnishPurge extends PurgeTarget {
  constructor(private readonly url: string) {
    super();
  }

  async purge({ tags }: Purge): Promise<void> {
    await purgeCall(this.url, { method: 'PURGE', headers: { 'xkey-purge': tags.join(' ') } });
  }
}
