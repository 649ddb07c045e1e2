import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { OpenApiContract } from './openapi-contract';

const DECODERS: Record<string, (bytes: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync };

interface Recorded {
  method: string;
  path: string;
  status: number;
  contentType: string;
  encoding: string;
  headers: string[];
  bytes: Buffer;
}

/**
 * Sees every response a test app sends and checks it against the app's own /openapi.json: a
 * status or a client-readable header the operation does not declare, or a JSON body that does
 * not validate, is a violation, and the app's close() fails the spec with the list. Paths the description leaves
 * out (/health, the test probes) are not judged.
 */
export class ContractRecorder {
  private readonly recorded: Recorded[] = [];

  /**
   * Records the exchange: a listener of the server's 'request' event placed before the app's own,
   * so that it sees the answers given at the front door, before Express, as well as the rest.
   */
  readonly observe = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    // Headers given to writeHead() itself, which getHeader() never sees.
    const headedWith = new Map<string, string>();
    const header = (name: string) => String(headedWith.get(name) ?? res.getHeader(name) ?? '');
    // Only a JSON body is checked against its schema: another (a PDF, an archive) is not kept, whatever its size.
    const collect = (chunk: unknown) => {
      if (chunk && typeof chunk !== 'function' && header('content-type').startsWith('application/json'))
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    };
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = (status: number, ...rest: unknown[]) => {
      for (const [name, value] of headerPairs(rest.find((arg) => typeof arg === 'object'))) headedWith.set(name.toLowerCase(), value);
      return writeHead(status, ...rest);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk);
      return write(chunk, ...rest);
    }) as ServerResponse['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk);
      return end(chunk, ...rest);
    }) as ServerResponse['end'];
    res.on('finish', () => {
      const contentType = header('content-type');
      this.recorded.push({
        method: req.method!,
        path: req.url!,
        status: res.statusCode,
        contentType,
        encoding: header('content-encoding') || 'identity',
        headers: [...new Set([...res.getHeaderNames(), ...headedWith.keys()])],
        bytes: contentType.startsWith('application/json') ? Buffer.concat(chunks) : Buffer.alloc(0),
      });
    });
  };

  private contract: OpenApiContract | undefined;
  private checked = 0;

  /** The description responses are checked against: the app's own /openapi.json. */
  checkAgainst(document: object): void {
    this.contract = new OpenApiContract(document as ConstructorParameters<typeof OpenApiContract>[0]);
  }

  /** Every recorded response the description covers that breaks it, one line each. */
  violations(): string[] {
    return this.problemsOf(this.recorded);
  }

  /** The same, among the responses recorded since the last call: for a spec that checks request by request. */
  newViolations(): string[] {
    const fresh = this.recorded.slice(this.checked);
    this.checked = this.recorded.length;
    return this.problemsOf(fresh);
  }

  private problemsOf(exchanges: Recorded[]): string[] {
    const contract = this.contract!;
    return exchanges
      .filter(({ method, path }) => contract.describes(method, path))
      .map((exchange) => contract.problemWith({ ...exchange, body: parsed(exchange) }))
      .filter((problem): problem is string => problem !== undefined);
  }
}

function parsed({ bytes, encoding, contentType }: Recorded): unknown {
  if (!contentType.startsWith('application/json') || bytes.length === 0) return undefined;
  const plain = DECODERS[encoding]?.(bytes) ?? bytes;
  return JSON.parse(plain.toString('utf8'));
}

/** The headers writeHead() was given, in any of its forms: an object, a list of pairs, or names and values in one list. */
function headerPairs(headers: unknown): [string, string][] {
  if (!headers) return [];
  if (!Array.isArray(headers)) return Object.entries(headers as OutgoingHttpHeaders).map(([name, value]) => [name, String(value)]);
  if (Array.isArray(headers[0])) return (headers as [string, unknown][]).map(([name, value]) => [name, String(value)]);
  const pairs: [string, string][] = [];
  for (let i = 0; i < headers.length; i += 2) pairs.push([String(headers[i]), String(headers[i + 1])]);
  return pairs;
}
