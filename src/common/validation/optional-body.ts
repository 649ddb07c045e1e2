import type { Type } from '@nestjs/common';

const OPTIONAL_BODY = Symbol('optional-body');

/** A body model whose whole body may be left out, its fields' defaults applying (the spec's CVDownloadRequest); any other body is required. */
export const OptionalBody = (): ClassDecorator => (target) => Reflect.defineMetadata(OPTIONAL_BODY, true, target);

export const isOptionalBody = (model: Type | undefined): boolean =>
  model !== undefined && Reflect.getMetadata(OPTIONAL_BODY, model) === true;
