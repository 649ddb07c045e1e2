import { applyDecorators, Header, SetMetadata } from '@nestjs/common';
import { PRIVATE } from '@/common/http/cache-control';
import { ApiBearerAuth } from '@nestjs/swagger';
import { Operation, type OperationSpec } from '@/common/openapi/operation.decorator';
import { tooManyRequests } from '@/common/rate-limit/rate-limit.decorator';

export const ADMIN_ONLY = 'admin-only';

const CREDENTIAL_ERRORS = {
  401: 'No bearer credential, or one that is not valid',
  403: 'A valid credential without admin rights',
  429: tooManyRequests('Ten answers of 401 to this client within a minute: admin routes refuse it until that minute is over'),
};

/**
 * An operation for admins only: the global AdminGuard checks the bearer credential before
 * anything else, and the description gets the bearer requirement, 401, 403 and 429 besides `responses`.
 */
/** What every admin operation does, said in its description after its own words. */
const HOW_ADMINS_ARE_CHECKED =
  'Admins only: the static API token or an Entra ID access token of the admin group (a guest explorer token is 403). ' +
  'The credential is checked before anything of the body is read; ten failed credentials from a client within a minute lock it out until that minute is over (429).';

export const AdminOperation = (spec: OperationSpec): MethodDecorator =>
  applyDecorators(
    SetMetadata(ADMIN_ONLY, true),
    Header('Cache-Control', PRIVATE),
    ApiBearerAuth(),
    Operation({
      ...spec,
      description: [spec.description, HOW_ADMINS_ARE_CHECKED].filter(Boolean).join(' '),
      responses: { ...CREDENTIAL_ERRORS, ...spec.responses },
    }),
  );
