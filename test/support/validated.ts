import type { Type } from '@nestjs/common';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { RequestValidationPipe } from '@/common/validation/request-validation.pipe';

const pipe = new RequestValidationPipe();

export interface IssuePlace {
  loc: (string | number)[];
  type: string;
}

/**
 * What the app's validation pipe makes of `value` sent as a request's body, query or path against
 * `model`: each issue's place and type, or none when the model takes it. The pipe is global, so
 * every route validates alike: the HTTP tier checks once that its 422 reaches the client.
 */
export async function issuesOf(model: Type, value: unknown, type: 'body' | 'query' | 'param' = 'body'): Promise<IssuePlace[]> {
  try {
    await pipe.transform(value, { type, metatype: model });
    return [];
  } catch (error) {
    if (!(error instanceof RequestValidationException)) throw error;
    return error.issues.map(({ loc, type: issueType }) => ({ loc, type: issueType }));
  }
}

/** `value` as a handler receives it sent as a request's body for `model`: validated and transformed by the app's pipe. */
export const validatedBody = async <T>(model: Type<T>, value: unknown): Promise<T> =>
  (await pipe.transform(value, { type: 'body', metatype: model })) as T;
