import { readFileSync } from 'node:fs';

const readJson = <T>(variable: string): T => {
  const file = process.env[variable];
  if (!file) throw new Error(`${variable} must name the file the harness wrote`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
};

/** The JSON bodies the service answered, by path, which the comparison servers send as they are. */
export const benchBodies = (): Record<string, string> => readJson('BENCH_BODIES');

/**
 * The headers the service answered with, by path, names and values in one list: all but those
 * Node.js writes itself (Date, Connection, Keep-Alive, Content-Length) and the request id.
 */
export const benchHeaders = (): Record<string, string[]> => readJson('BENCH_HEADERS');

export const benchPort = (): number => Number(process.env.PORT);
