import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';

export const ADMIN_ONLY = 'admin-only';

/** The route needs an admin bearer credential; the global AdminGuard enforces it. */
export function AdminOnly(): MethodDecorator {
  return applyDecorators(
    SetMetadata(ADMIN_ONLY, true),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No bearer credential, or one that is not valid', type: ErrorDetailDto }),
    ApiForbiddenResponse({ description: 'A valid credential without admin rights', type: ErrorDetailDto }),
  );
}
