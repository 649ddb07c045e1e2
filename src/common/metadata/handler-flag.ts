import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

/**
 * A route marker (set on the handler or its controller) that is there or not, read once per handler:
 * metadata is fixed after bootstrap, and guards would otherwise walk reflect-metadata on every
 * request. Keyed by handler, which is sound while no two controllers share a handler function.
 */
export class HandlerFlag {
  private readonly answers = new WeakMap<object, boolean>();

  constructor(
    private readonly reflector: Reflector,
    private readonly key: string,
  ) {}

  isSetOn(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let answer = this.answers.get(handler);
    if (answer === undefined) {
      answer = Boolean(this.reflector.getAllAndOverride<unknown>(this.key, [handler, context.getClass()]));
      this.answers.set(handler, answer);
    }
    return answer;
  }
}
