import { randomUUID } from 'node:crypto';

const writes = new WeakMap<object, string>();

/**
 * A server-made id for the content write a request makes (never the client's request id, so no
 * two writes share one). The database's change announcement echoes it: the instance that made the
 * write knows the echo as its own, and has invalidated what it changed already.
 */
export function contentWriteOf(request: object): string {
  let id = writes.get(request);
  if (id === undefined) {
    id = randomUUID();
    writes.set(request, id);
  }
  return id;
}
