import { UnprocessableEntityException } from '@nestjs/common';

export type ErrorLocation = 'body' | 'query' | 'path';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** A 422 names at most this many issues, the first found: enough to mend a body by, however broken it is. */
export const MAX_ISSUES = 100;

/** A 422 whose body is FastAPI's `{ detail: [{ loc, msg, type }] }`. */
export class RequestValidationException extends UnprocessableEntityException {
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[]) {
    const first = issues.slice(0, MAX_ISSUES);
    super({ detail: first });
    this.issues = first;
  }

  static single(loc: (string | number)[], msg: string, type: string): RequestValidationException {
    return new RequestValidationException([{ loc, msg, type }]);
  }
}
