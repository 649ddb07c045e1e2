import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { BODY_LIMIT, readableBytes } from '@/common/http/body-limits';
import { PRIVATE } from '@/common/http/cache-control';
import { closeInStages } from '@/common/http/early-answers';
import { USUAL_DETAILS } from '@/common/openapi/operation.decorator';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { isForeignKeyViolation, isUniqueViolation } from '@/common/errors/constraint-violations';
import { unavailabilityReason } from '@/common/errors/database-unavailable';

/** What Express's body parser attaches to the errors it raises. */
interface BodyParserFailure {
  type?: string;
  /** The limit a body was over, in bytes. */
  limit?: number;
  /** The Content-Encoding a body came in that is not read. */
  encoding?: string;
}

/**
 * Writes every error body in the spec's shape: `{ detail: string }`, or the FastAPI list
 * for 422. Domain code throws `{ detail }` bodies; anything the framework raises is reduced
 * to its status phrase, a database that went away is 503 at once, a unique key or a link a concurrent
 * write got to first is 409, and anything unexpected becomes
 * a generic 500 logged with the request's id, method and path.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(HttpExceptionFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const [status, body] = this.toResponse(exception, request);
    if (response.headersSent) return;
    // Answered before its body has all come (401, 413, 415, 429 answered early): the connection closes
    // after this answer, so the request is answered once, never again by a later time-out (408).
    if (!request.complete) closeInStages(request, response);
    // Not res.json(): an error body is no representation to validate, so it carries no ETag.
    const json = JSON.stringify(body);
    response
      .status(status)
      .type('application/json')
      .setHeader('Content-Length', Buffer.byteLength(json))
      .setHeader('Cache-Control', PRIVATE);
    response.end(json);
  }

  private toResponse(exception: unknown, request: Request): [number, object] {
    if (exception instanceof RequestValidationException) {
      return [HttpStatus.UNPROCESSABLE_ENTITY, { detail: exception.issues }];
    }
    if (exception instanceof HttpException) {
      return this.fromHttpException(exception);
    }
    // A domain turns the keys and links it knows into its own 409 (a taken slug) or 422 (a link to no project); any other
    // is a concurrent write that got there first: a key taken, or an item removed that this write names.
    if (isUniqueViolation(exception) || isForeignKeyViolation(exception)) {
      return [HttpStatus.CONFLICT, { detail: 'A concurrent change got there first; nothing was changed, try again' }];
    }
    // The pool reconnects by itself once the database is back; the log says why it could not serve, without a stack.
    const unavailable = unavailabilityReason(exception);
    if (unavailable !== undefined) {
      this.logger.warn({ event: 'database_unavailable', requestId: request.requestId, reason: unavailable });
      return [HttpStatus.SERVICE_UNAVAILABLE, { detail: USUAL_DETAILS[HttpStatus.SERVICE_UNAVAILABLE] }];
    }
    this.logger.error({
      event: 'unhandled_error',
      requestId: request.requestId,
      method: request.method,
      path: request.path,
      error: exception instanceof Error ? exception.stack : String(exception),
    });
    return [HttpStatus.INTERNAL_SERVER_ERROR, { detail: 'Internal server error' }];
  }

  private fromHttpException(exception: HttpException): [number, object] {
    const { type: parseFailure, limit, encoding } = (exception.cause as BodyParserFailure | undefined) ?? {};
    if (parseFailure === 'entity.parse.failed') {
      return [HttpStatus.UNPROCESSABLE_ENTITY, { detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] }];
    }
    const status = exception.getStatus();
    if (parseFailure === 'entity.too.large') {
      return [HttpStatus.PAYLOAD_TOO_LARGE, { detail: `Request body exceeds the ${readableBytes(limit ?? BODY_LIMIT)} limit` }];
    }
    if (parseFailure === 'encoding.unsupported') {
      return [HttpStatus.UNSUPPORTED_MEDIA_TYPE, { detail: `Content-Encoding ${encoding} is not accepted here: send the body as it is` }];
    }
    const body = exception.getResponse();
    const detail =
      typeof body === 'object' && body !== null && typeof (body as { detail?: unknown }).detail === 'string'
        ? (body as { detail: string }).detail
        : (STATUS_CODES[status] ?? 'Error');
    return [status, { detail }];
  }
}
