import type { ServerResponse } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/**
 * A signal that aborts when the client goes away before its answer is sent (the connection closed
 * with the answer unfinished): costly work for it (an upload's processing) is then not done.
 */
export const ClientGone = createParamDecorator((_: unknown, context: ExecutionContext): AbortSignal => {
  const response = context.switchToHttp().getResponse<ServerResponse>();
  const gone = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) gone.abort(new Error('The client went away before its answer'));
  });
  return gone.signal;
});
