import { UnprocessableEntityException } from '@nestjs/common';

export type ErrorLocation = 'body' | 'query' | 'path';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** A 422 whose body is FastAPI's `{ detail: [{ loc, msg, type }] }`. */
export class RequestValidationException extends UnprocessableEntityException {
  constructor(readonly issues: ValidationIssue[]) {
    super({ detail: issues });
  }

  static single(loc: (string | number)[], msg: string, type: string): RequestValidationException {
    return new RequestValidationException([{ loc, msg, type }]);
  }
}
