import { Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import { PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import type { FixedHeaders } from '@/common/http/fixed-headers';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { type RateLimitSpec, RATE_LIMITED } from '@/common/rate-limit/rate-limit.decorator';
import { handlerName } from '@/common/rate-limit/rate-limit.guard';
import type { ContentDomain } from '@/content';
import { CONTENT_DOMAIN, PUBLIC_READ } from './metadata-keys';
import type { PublicReadMetadata } from './public-read.decorator';

/** A path or query parameter a handler takes (`@Param()`, `@Query()`), as Nest recorded it. */
export interface ReadParameter {
  /** Its place among the handler's arguments. */
  index: number;
  source: 'param' | 'query';
  /** The one parameter taken (`@Query('top')`), or undefined for them all. */
  name: string | undefined;
  metatype: Type | undefined;
}

/** A public read as @PublicRead() and its controller's @ServesContent() declare it. */
export interface PublicReadRoute {
  /** The handler, as its rate-limit counters name it. */
  handler: string;
  /** Its path as Express matches it (`/api/projects/:project_id`). */
  path: string;
  domains: readonly ContentDomain[];
  limit: RateLimitSpec;
  /** What its answer depends on besides the content. */
  parameters: readonly ReadParameter[];
  /** What its answers (200 and 304) carry besides the body's own headers. */
  headers: FixedHeaders;
  /** Its handler, called with its parameters' validated values (in the order of `parameters`); none where it takes other arguments too. */
  again: ((values: readonly unknown[]) => Promise<unknown>) | undefined;
}

/** Every public read is under the global prefix (app.setup.ts). */
const PREFIX = '/api';

const pathOf = (controller: object, handler: object): string =>
  `/${[PREFIX, Reflect.getMetadata(PATH_METADATA, controller), Reflect.getMetadata(PATH_METADATA, handler)]
    .map((part: string) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;

const SOURCES: Partial<Record<number, ReadParameter['source']>> = { [RouteParamtypes.PARAM]: 'param', [RouteParamtypes.QUERY]: 'query' };

/** The path and query parameters of a handler, from the metadata its parameter decorators set, and whether it takes other arguments too. */
function parametersOf(controller: Type, prototype: object, name: string): { parameters: ReadParameter[]; takesMore: boolean } {
  const routeArguments = Object.entries(
    (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number; data?: string }>,
  );
  const types = (Reflect.getMetadata('design:paramtypes', prototype, name) ?? []) as Type[];
  const parameters = routeArguments.flatMap(([argument, { index, data }]) => {
    const source = SOURCES[Number(argument.split(':')[0])];
    return source ? [{ index, source, name: data, metatype: types[index] }] : [];
  });
  return { parameters, takesMore: parameters.length < routeArguments.length };
}

/** The handler of `instance`, called with the values of its parameters, given in their order. */
const calling =
  (instance: object, name: string, parameters: readonly ReadParameter[]) =>
  (values: readonly unknown[]): Promise<unknown> => {
    const handlerArguments: unknown[] = [];
    parameters.forEach(({ index }, position) => (handlerArguments[index] = values[position]));
    return (instance as Record<string, (...args: unknown[]) => Promise<unknown>>)[name](...handlerArguments);
  };

/**
 * Every @PublicRead() handler, collected once at start-up from the metadata its decorators set:
 * the read model and the public-read edge know a read by these, so the route, its content and
 * its limit are declared in one place.
 */
@Injectable()
export class PublicReadRoutes implements OnModuleInit {
  private readonly byHandler = new Map<object, PublicReadRoute>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    for (const { instance, metatype } of this.discovery.getControllers()) {
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, () => unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const read = this.reflector.get<PublicReadMetadata | undefined>(PUBLIC_READ, handler);
        if (!read) continue;
        const { parameters, takesMore } = parametersOf(metatype as Type, prototype, name);
        this.byHandler.set(handler, {
          handler: handlerName(metatype, { name }),
          path: pathOf(metatype, handler),
          domains: this.reflector.get<ContentDomain[]>(CONTENT_DOMAIN, metatype),
          limit: this.reflector.get<RateLimitSpec>(RATE_LIMITED, handler),
          parameters,
          headers: read.headers,
          again: takesMore ? undefined : calling(instance as object, name, parameters),
        });
      }
    }
  }

  /** Every public read. */
  all(): PublicReadRoute[] {
    return [...this.byHandler.values()];
  }

  /** The public read a handler answers, or undefined for any other handler. */
  of(handler: object): PublicReadRoute | undefined {
    return this.byHandler.get(handler);
  }
}
