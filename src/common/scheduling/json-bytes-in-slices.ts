import { mappedInSlices } from './event-loop-turns';

const LIST_OPEN = Buffer.from('[');
const LIST_CLOSE = Buffer.from(']');
const COMMA = Buffer.from(',');

/**
 * The UTF-8 bytes of JSON.stringify(value), a list written an item at a time (mappedInSlices), so
 * the answer of a list of thousands of items (megabytes of JSON) never holds other requests up for
 * long. Each item is encoded as it is written: no text of the whole list is joined and encoded at once.
 */
export async function jsonBytesInSlices(value: unknown): Promise<Buffer> {
  if (!Array.isArray(value)) return Buffer.from(JSON.stringify(value));
  // As JSON.stringify writes an array's item that has no JSON (undefined, a function): null.
  const items = await mappedInSlices(value as unknown[], (item) => Buffer.from((JSON.stringify(item) as string | undefined) ?? 'null'));
  return Buffer.concat([LIST_OPEN, ...items.flatMap((item, index) => (index > 0 ? [COMMA, item] : [item])), LIST_CLOSE]);
}
