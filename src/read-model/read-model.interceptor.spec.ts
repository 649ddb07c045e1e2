import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of } from 'rxjs';
import { nodeHeapRuntime } from '@/common/memory/heap-runtime';
import type { ReadAgain } from './answer';
import type { PublicReadRoute, PublicReadRoutes } from './public-read-routes';
import type { ReadKeys } from './read-keys';
import type { ReadModel } from './read-model';
import { ReadModelInterceptor } from './read-model.interceptor';

const ROUTE = {
  handler: 'ProjectsController.findOne',
  headers: [],
  again: async ([slug]: string[]) => ({ slug }),
} as unknown as PublicReadRoute;

/** A read through the interceptor, on a model that keeps what it is given to read again; a WeakRef to its request. */
async function readThrough(kept: ReadAgain[]): Promise<WeakRef<object>> {
  const readModel = {
    answerFor: () => undefined,
    remember: () => undefined,
    answerOnce: (_key: string, _read: unknown, build: () => Promise<unknown>, again: ReadAgain) => (kept.push(again), build()),
  } as unknown as ReadModel;
  const publicReads = { of: () => ROUTE } as unknown as PublicReadRoutes;
  const keys = { of: async () => ({ key: 'a key', values: ['tidewatch'], language: undefined }) } as unknown as ReadKeys;
  const request = { query: {}, originalUrl: '/api/projects/tidewatch', route: { path: '/api/projects/:project_id' } };
  const response = { setHeader: () => undefined };
  const context = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
    getHandler: () => ROUTE.again,
  } as unknown as ExecutionContext;
  const next: CallHandler = { handle: () => of({ slug: 'tidewatch' }) };
  await lastValueFrom(new ReadModelInterceptor(readModel, publicReads, keys).intercept(context, next));
  return new WeakRef(request);
}

describe('ReadModelInterceptor', () => {
  it('keeps, to read an answer again, its parameters and not the request that first asked for it', async () => {
    const kept: ReadAgain[] = [];
    const request = await readThrough(kept);
    await new Promise((resolve) => setImmediate(resolve)); // a WeakRef holds its target until the job that made it is over
    nodeHeapRuntime().collect();
    expect(request.deref()).toBeUndefined();
    expect(await kept[0]()).toEqual({ slug: 'tidewatch' });
  });
});
