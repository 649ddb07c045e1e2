import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Patch,
  Post,
  Put,
  Query,
  type Type,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { type ErrorDoc, type OperationSpec } from '@/common/openapi/operation.decorator';
import { RequireFieldsPipe } from '@/common/validation/require-fields.pipe';
import type { Language, ListDomain } from '@/content';
import { DraftableWrites } from '@/content-domain/draftable-writes.decorator';
import { LanguageQueryDto } from '@/content-domain/language-query.dto';
import { type ContentWrite, ContentWriteOf } from '@/content-writes/content-write';
import { ContentWrites } from '@/content-writes/content-writes.service';
import { ServesContent } from '@/read-model/serves-content.decorator';
import { PublicRead, type PublicReadSpec } from '@/read-model/public-read.decorator';

/** What a list's service does for its routes (ContentListService, keyed by the list's own key). */
export interface ListWrites {
  create(dto: object): Promise<unknown>;
  reorder(order: readonly string[]): Promise<unknown[]>;
  replace(key: string, dto: object): Promise<unknown>;
  patch(key: string, dto: object): Promise<unknown>;
  remove(key: string): Promise<void>;
}

/** An operation's own words; the routes add its body, its answers and the admin's rules. */
type Words = Pick<OperationSpec, 'operationId' | 'summary' | 'description'>;

/** Everything one list's routes say and do that the others' do not. */
export interface ListRoutes<S extends ListWrites, Q extends { lang: Language }, P extends object> {
  domain: ListDomain;
  service: Type<S>;
  /** `GET /api/<domain>`: the read, its query's model, and how it reads. */
  list: { read: PublicReadSpec; query: Type<Q>; answer(service: S, query: Q): Promise<unknown> };
  /** A public read of one item, when the list has one, at `path` (a parameter the `params` model names). */
  one?: { read: PublicReadSpec; path: string; params: Type<P>; answer(service: S, params: P, lang: Language): Promise<unknown> };
  /** The path parameter the writes name an item by, and the model that validates it. */
  key: { name: string; params: Type };
  /** What a replace and an update answer (and, unless `listed` says otherwise, a reorder a list of). */
  item: Type;
  /** What a reorder answers a list of, where it is not the item (a project's card). */
  listed?: Type;
  /** A write's 404, and the 409 of a key taken, where a list's keys are the client's own. */
  notFound: ErrorDoc;
  taken?: ErrorDoc;
  /** The model of a replace's and an update's body. */
  changes: Type;
  create: Words & { body: Type; example: object; answers: Type };
  reorder: Words & { body: Type; example: object; listedDescription: string; unknown: ErrorDoc };
  replace: Words & { required: readonly string[]; example: object };
  update: Words & { example: object };
  remove: Words;
}

/**
 * The routes of a list of content, made from its declaration: the public list (and, where it has
 * one, a read of one item), then create, reorder, replace, update and delete for admins, each
 * draftable. The handlers' parameter models are the list's own (design:paramtypes, which Nest's
 * validation and the description read when the app is assembled); the one read that is not every
 * list's is declared only where the list has it, in its place among the others.
 */
export function listController<S extends ListWrites, Q extends { lang: Language }, P extends object>(routes: ListRoutes<S, Q, P>): Type {
  const { key, notFound, taken } = routes;
  const keyOf = (params: object) => (params as Record<string, string>)[key.name];
  const words = ({ operationId, summary, description }: Words): Words => ({ operationId, summary, description });

  @ApiTags(routes.domain)
  @Controller(routes.domain)
  @ServesContent(routes.domain)
  @DraftableWrites()
  class ListController {
    constructor(
      @Inject(routes.service) private readonly service: S,
      private readonly writes: ContentWrites,
    ) {}

    @Get()
    @PublicRead(routes.list.read)
    findAll(@Query() query: LanguageQueryDto): Promise<unknown> {
      return routes.list.answer(this.service, query as Q);
    }

    findOne(@Param() params: object, @Query() { lang }: LanguageQueryDto): Promise<unknown> {
      return routes.one!.answer(this.service, params as P, lang);
    }

    @Post()
    @AdminOperation({
      ...words(routes.create),
      body: { example: routes.create.example, type: routes.create.body },
      responses: { 201: routes.create.answers, 409: taken },
    })
    create(@Body() dto: object, @ContentWriteOf() write: ContentWrite): Promise<unknown> {
      return this.writes.run(write, () => this.service.create(dto));
    }

    // Declared before PATCH :key so that "reorder" is never taken for a key.
    @Patch('reorder')
    @AdminOperation({
      ...words(routes.reorder),
      body: { example: routes.reorder.example, type: routes.reorder.body },
      responses: {
        200: { type: [routes.listed ?? routes.item], description: routes.reorder.listedDescription },
        404: routes.reorder.unknown,
      },
    })
    reorder(@Body() { order }: { order: string[] }, @ContentWriteOf() write: ContentWrite): Promise<unknown[]> {
      return this.writes.run(write, () => this.service.reorder(order));
    }

    @Put(`:${key.name}`)
    @AdminOperation({
      ...words(routes.replace),
      body: { example: routes.replace.example, type: routes.changes },
      responses: { 200: routes.item, 404: notFound, 409: taken },
    })
    replace(
      @Param() params: object,
      @Body(new RequireFieldsPipe<Record<string, unknown>>(routes.replace.required)) dto: object,
      @ContentWriteOf() write: ContentWrite,
    ): Promise<unknown> {
      return this.writes.run(write, () => this.service.replace(keyOf(params), dto));
    }

    @Patch(`:${key.name}`)
    @AdminOperation({
      ...words(routes.update),
      body: { example: routes.update.example, type: routes.changes },
      responses: { 200: routes.item, 404: notFound, 409: taken },
    })
    patch(@Param() params: object, @Body() dto: object, @ContentWriteOf() write: ContentWrite): Promise<unknown> {
      return this.writes.run(write, () => this.service.patch(keyOf(params), dto));
    }

    @Delete(`:${key.name}`)
    @HttpCode(HttpStatus.NO_CONTENT)
    @AdminOperation({ ...words(routes.remove), responses: { 204: 'Deleted', 404: notFound } })
    remove(@Param() params: object, @ContentWriteOf() write: ContentWrite): Promise<void> {
      return this.writes.run(write, () => this.service.remove(keyOf(params)));
    }
  }

  const handlers = ListController.prototype;
  const paramtypes = (method: keyof ListController, types: Type[]) => Reflect.defineMetadata('design:paramtypes', types, handlers, method);
  paramtypes('findAll', [routes.list.query]);
  paramtypes('create', [routes.create.body, Object]);
  paramtypes('reorder', [routes.reorder.body, Object]);
  paramtypes('replace', [key.params, routes.changes, Object]);
  paramtypes('patch', [key.params, routes.changes, Object]);
  paramtypes('remove', [key.params, Object]);
  if (routes.one) {
    paramtypes('findOne', [routes.one.params, LanguageQueryDto]);
    applyDecorators(Get(routes.one.path), PublicRead(routes.one.read))(
      handlers,
      'findOne',
      Object.getOwnPropertyDescriptor(handlers, 'findOne'),
    );
  }
  return ListController;
}
