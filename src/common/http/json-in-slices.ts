import type { IncomingMessage } from 'node:http';
import { raw, type Request, type RequestHandler } from 'express';
import { backgroundSlices } from '@/common/scheduling/event-loop-turns';

/** How much of a body one call of the parser takes: well under a millisecond of its work. */
const CHUNK_BYTES = 16 * 1024;

/** body-parser's failure for a body that is not JSON, which the error filter words as a 422 `json_invalid`. */
const notJson = (reason: string) => Object.assign(new SyntaxError(reason), { status: 400, type: 'entity.parse.failed' });

interface JsonInSlicesOptions {
  limit: number;
  type: (req: IncomingMessage) => boolean;
  /** The most items any list in the route's body may have (its DTO's largest maxItems). */
  longestList: number;
}

/**
 * What express.json() does (strict: an object or an array; an empty body is `{}`), parsed a piece at
 * a time: the body is read whole within `limit`, then parsed by @streamparser/json, the event loop
 * given back every few milliseconds (backgroundSlices). `JSON.parse` held the loop 60-110 ms on a
 * document of 5 MB; this never holds it for long, at about twice the CPU.
 */
export function jsonInSlices({ limit, type, longestList }: JsonInSlicesOptions): RequestHandler {
  const read = raw({ limit, inflate: false, type });
  return (req: Request, res, next) =>
    read(req, res, (error?: unknown) => {
      if (error !== undefined || !Buffer.isBuffer(req.body)) return next(error);
      parsedInSlices(req.body, longestList).then((value) => {
        req.body = value;
        next();
      }, next);
    });
}

/**
 * The JSON value of `bytes`, parsed a piece at a time, every list cut to `longestList + 1` items as
 * it is read: still longer than its DTO allows, so refused with the same issue, while the parser
 * never grows an array of millions (V8 copies a growing array whole: one push onto two million
 * items held the event loop 65 ms).
 */
export async function parsedInSlices(bytes: Buffer, longestList: number): Promise<unknown> {
  if (bytes.length === 0) return {};
  const { JSONParser } = await import('@streamparser/json');
  const parser = new JSONParser();
  let parsed: unknown;
  parser.onValue = ({ value, parent }) => {
    if (parent === undefined) parsed = value;
    else if (Array.isArray(parent) && parent.length > longestList + 1) parent.pop();
  };
  const giveWay = backgroundSlices();
  try {
    for (let from = 0; from < bytes.length; from += CHUNK_BYTES) {
      await giveWay();
      parser.write(bytes.subarray(from, from + CHUNK_BYTES));
    }
    if (!parser.isEnded) parser.end();
  } catch (error) {
    throw notJson(error instanceof Error ? error.message : 'not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) throw notJson('a JSON body is an object or an array');
  return parsed;
}
