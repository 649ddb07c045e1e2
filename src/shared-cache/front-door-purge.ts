import { ClientCredentialsToken } from '@/common/http/client-credentials-token';
import type { PurgeSettings } from '@/config/shared-cache.config';
import { chunksOf, type Purge, purgeCall, PurgeTarget } from './purge-target';

/** The Azure Resource Manager API version of the purge. */
const API_VERSION = '2024-02-01';
/** Front Door takes at most 100 paths in one purge. */
const PATHS_PER_CALL = 100;

/**
 * Azure Front Door's purge (`POST {endpoint}/purge` on Azure Resource Manager with
 * `{ contentPaths }`): it has no tags, so the paths of the changed domains' reads are purged, each
 * with a wildcard for its parameters. The app token comes from Entra ID's client-credentials flow.
 */
export class FrontDoorPurge extends PurgeTarget {
  private readonly token: ClientCredentialsToken;

  constructor(private readonly settings: PurgeSettings<'azure-front-door'>) {
    super();
    const { authorityHost, tenantId, clientId, clientSecret, managementUrl } = settings;
    this.token = new ClientCredentialsToken(
      {
        tokenUrl: `${authorityHost}/${tenantId}/oauth2/v2.0/token`,
        clientId,
        clientSecret,
        scope: `${new URL(managementUrl).origin}/.default`,
      },
      purgeCall,
    );
  }

  async purge({ paths }: Purge): Promise<void> {
    const { managementUrl, endpointId } = this.settings;
    for (const chunk of chunksOf(paths, PATHS_PER_CALL)) {
      await purgeCall(`${managementUrl}${endpointId}/purge?api-version=${API_VERSION}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.token.value()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ contentPaths: chunk }),
      });
    }
  }
}
