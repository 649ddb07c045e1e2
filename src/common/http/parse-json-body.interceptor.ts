import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { RequestValidationException } from '@/common/validation/request-validation.exception';

/**
 * Parses a JSON body that a route with a larger body limit read as bytes (app.setup mounts the
 * raw reader). Interceptors run after the guards: an anonymous client can send megabytes, but
 * cannot make the service parse them.
 */
@Injectable()
export class ParseJsonBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if (Buffer.isBuffer(request.body)) request.body = parsed(request.body);
    return next.handle();
  }
}

function parsed(bytes: Buffer): unknown {
  try {
    return bytes.length > 0 ? (JSON.parse(bytes.toString('utf8')) as unknown) : undefined;
  } catch {
    throw RequestValidationException.single(['body'], 'JSON decode error', 'json_invalid');
  }
}
