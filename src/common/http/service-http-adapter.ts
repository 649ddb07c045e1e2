import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { WrittenAnswer } from './written-answer';

/** Nest's Express adapter, which also sends a WrittenAnswer as it is rather than as JSON. */
export class ServiceHttpAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (body instanceof WrittenAnswer) return body.writeTo(response.req, response);
    return super.reply(response, body, statusCode);
  }
}
