import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { Operation, type OperationSpec } from '@/common/openapi/operation.decorator';

export const ADMIN_ONLY = 'admin-only';

const CREDENTIAL_ERRORS = {
  401: 'No bearer credential, or one that is not valid',
  403: 'A valid credential without admin rights',
};

/**
 * An operation for admins only: the global AdminGuard checks the bearer credential before
 * anything else, and the description gets the bearer requirement, 401 and 403 besides `responses`.
 */
export const AdminOperation = (spec: OperationSpec): MethodDecorator =>
  applyDecorators(
    SetMetadata(ADMIN_ONLY, true),
    ApiBearerAuth(),
    Operation({ ...spec, responses: { ...CREDENTIAL_ERRORS, ...spec.responses } }),
  );
