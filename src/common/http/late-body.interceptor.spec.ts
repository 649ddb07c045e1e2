import { stat } from 'node:fs';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { lastValueFrom, of } from 'rxjs';
import { busyFor } from '@test/support/busy-thread';
import { LateBodyInterceptor } from './late-body.interceptor';

const context = { switchToHttp: () => ({ getRequest: () => ({}), getResponse: () => ({}) }) } as unknown as ExecutionContext;

describe('LateBodyInterceptor', () => {
  it('goes on with a parsed body only once the event loop has turned, not in the turn that parsed it', async () => {
    const order: string[] = [];
    // Finishes in an I/O callback, as body-parser does on a body's last chunk, with a timer due by then:
    // the loop runs it at the start of its next turn, before it polls again.
    const parse: RequestHandler = (_request, _response, next) =>
      stat(__filename, () => {
        setTimeout(() => order.push('next turn'), 0);
        busyFor(2);
        next();
      });
    const handler: CallHandler = {
      handle: () => {
        order.push('handled');
        return of(undefined);
      },
    };
    await lastValueFrom(new LateBodyInterceptor(parse).intercept(context, handler));
    expect(order).toEqual(['next turn', 'handled']);
  });
});
