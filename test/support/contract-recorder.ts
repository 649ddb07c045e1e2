import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
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

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const chunks: Buffer[] = [];
    const collect = (chunk: unknown) => {
      if (chunk && String(res.getHeader('content-type')).startsWith('application/json')) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
      }
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') collect(chunk);
      return end(chunk, ...rest);
    }) as Response['end'];
    res.on('finish', () =>
      this.recorded.push({
        method: req.method,
        path: req.originalUrl,
        status: res.statusCode,
        contentType: String(res.getHeader('content-type') ?? ''),
        encoding: String(res.getHeader('content-encoding') ?? 'identity'),
        headers: res.getHeaderNames(),
        bytes: Buffer.concat(chunks),
      }),
    );
    next();
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
