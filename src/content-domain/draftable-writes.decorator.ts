import { RequestMethod, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { ApiQuery } from '@nestjs/swagger';
import { DRAFTABLE } from '@/common/http/draft-write';

/**
 * Every write of the controller (each handler that is not a GET) takes `?draft=true`, which makes
 * it change the owner's draft rather than what visitors see (ContentWrites).
 */
export const DraftableWrites = (): ClassDecorator => (controller) => {
  const prototype = controller.prototype as object;
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name)!;
    const method = Reflect.getMetadata(METHOD_METADATA, descriptor.value as object) as RequestMethod | undefined;
    if (method === undefined || method === RequestMethod.GET) continue;
    SetMetadata(DRAFTABLE, true)(prototype, name, descriptor);
    ApiQuery({
      name: 'draft',
      required: false,
      schema: { type: 'boolean', default: false },
      description: 'true: change the draft (opened as a copy of the published content by its first write), not what visitors see',
    })(prototype, name, descriptor);
  }
};
