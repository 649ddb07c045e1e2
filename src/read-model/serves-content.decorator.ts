import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { CONTENT_STORE_UNAVAILABLE } from '@/common/openapi/common-responses';
import { errorResponse, USUAL_DETAILS } from '@/common/openapi/operation.decorator';
import type { ContentDomain as Domain } from '@/content';
import { CONTENT_DOMAIN } from './metadata-keys';
import { ReadModelInterceptor } from './read-model.interceptor';

/**
 * The content a controller serves: its @PublicRead() answers are prepared from these domains and
 * kept until they change, and each of its writes invalidates them on this instance at once (the
 * database tells the other instances). Every operation may answer 503 while the content's store
 * cannot serve it.
 */
export const ServesContent = (...domains: Domain[]): ClassDecorator =>
  applyDecorators(
    SetMetadata(CONTENT_DOMAIN, domains),
    UseInterceptors(ReadModelInterceptor),
    ApiServiceUnavailableResponse(errorResponse(CONTENT_STORE_UNAVAILABLE, USUAL_DETAILS[503])),
  );
