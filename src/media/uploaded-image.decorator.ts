import { createParamDecorator, type ExecutionContext, UnsupportedMediaTypeException } from '@nestjs/common';
import type { Request } from 'express';
import { RequestValidationException } from '@/common/validation/request-validation.exception';

export const UPLOAD_REFUSED = 'Upload a JPEG, PNG, WebP or AVIF image';

/** The picture @FileBody() read, with its declared type: 422 for none (an empty body too), 415 for a body of another type (SVG included). */
export const UploadedImage = createParamDecorator((_: unknown, context: ExecutionContext): { bytes: Buffer; type: string } => {
  const request = context.switchToHttp().getRequest<Request>();
  const body: unknown = request.body;
  if (body === undefined || (Buffer.isBuffer(body) && body.length === 0))
    throw RequestValidationException.single(['body'], 'Field required', 'missing');
  if (Buffer.isBuffer(body)) return { bytes: body, type: (request.headers['content-type'] ?? '').split(';', 1)[0].trim().toLowerCase() };
  throw new UnsupportedMediaTypeException({ detail: UPLOAD_REFUSED });
});
