import { createParamDecorator, type ExecutionContext, UnsupportedMediaTypeException } from '@nestjs/common';
import type { Request } from 'express';
import { RequestValidationException } from '@/common/validation/request-validation.exception';

/** Every PDF starts so (ISO 32000-1, 7.5.2). */
const PDF_HEADER = Buffer.from('%PDF-');

/**
 * The PDF body @PdfBody() read: 422 for none or for bytes that are not a PDF, 415 for a body of
 * another type (which the global rules left unread, or parsed as JSON).
 */
export const UploadedPdf = createParamDecorator((_: unknown, context: ExecutionContext): Buffer => {
  const body: unknown = context.switchToHttp().getRequest<Request>().body;
  if (Buffer.isBuffer(body)) {
    if (body.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return body;
    throw RequestValidationException.single(['body'], 'Input should be a PDF file (it starts with %PDF-)', 'pdf_invalid');
  }
  if (body === undefined) throw RequestValidationException.single(['body'], 'Field required', 'missing');
  throw new UnsupportedMediaTypeException({ detail: 'A CV is uploaded as application/pdf' });
});
