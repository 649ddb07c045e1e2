import type { ArgumentMetadata } from '@nestjs/common';
import { IsOptional, IsString } from 'class-validator';
import { RequestValidationException } from './request-validation.exception';
import { busyFor } from '@test/support/busy-thread';
import { ProbeDto } from '@test/support/probe.module';
import { RequestValidationPipe } from './request-validation.pipe';

class OptionalQuery {
  @IsOptional()
  @IsString()
  readonly q?: string;
}

class RequiredQuery {
  @IsString()
  readonly q!: string;
}

const query = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'query', metatype });

describe('RequestValidationPipe on queries', () => {
  const pipe = new RequestValidationPipe();

  it('answers an empty query of a DTO without required parameters with an instance, every time', async () => {
    for (let i = 0; i < 2; i += 1) expect(await pipe.transform({}, query(OptionalQuery))).toBeInstanceOf(OptionalQuery);
  });

  it('refuses an empty query of a DTO with a required parameter, every time', async () => {
    for (let i = 0; i < 2; i += 1) {
      const refused = await pipe.transform({}, query(RequiredQuery)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RequestValidationException);
      expect((refused as RequestValidationException).issues[0].loc).toEqual(['query', 'q']);
    }
  });

  it('still validates a query that has parameters', async () => {
    await pipe.transform({}, query(OptionalQuery));
    await expect(pipe.transform({ q: ['a', 'b'] }, query(OptionalQuery))).rejects.toBeInstanceOf(RequestValidationException);
    expect(await pipe.transform({ q: 'a' }, query(OptionalQuery))).toEqual(Object.assign(new OptionalQuery(), { q: 'a' }));
  });
});

describe('RequestValidationPipe on bodies', () => {
  const pipe = new RequestValidationPipe();
  const body: ArgumentMetadata = { type: 'body', metatype: Object };
  const refusal = (value: unknown) => pipe.transform(value, body).catch((error: unknown) => (error as RequestValidationException).issues);

  it('refuses a body nested too deep for its depth, even where a string met before holds NUL', async () => {
    let deep: unknown = 1;
    for (let level = 0; level < 40; level += 1) deep = [deep];
    expect(await refusal({ title: 'a\u0000b', deep })).toEqual([
      { loc: ['body'], msg: expect.stringContaining('32 levels'), type: 'json_invalid' },
    ]);
  });

  it.each([[[1, 2]], ['text'], [42], [null]])('refuses the non-object body %j at the body', async (value) => {
    expect(await refusal(value)).toEqual([{ loc: ['body'], msg: expect.any(String), type: expect.any(String) }]);
  });

  it('names the first string holding NUL, at any depth', async () => {
    expect(await refusal({ title: 'fine', links: [{ label: 'ok' }, { label: 'n\u0000l' }] })).toEqual([
      { loc: ['body', 'links', 1, 'label'], msg: expect.stringContaining('NUL'), type: 'value_error' },
    ]);
  });

  it('reads each value of a body once for what no field rule checks (its depth and NUL characters)', async () => {
    let reads = 0;
    const nested = Object.defineProperty({}, 'note', {
      enumerable: true,
      get: () => {
        reads += 1;
        return 'fine';
      },
    });
    await pipe.transform({ title: 'fine', nested }, body);
    expect(reads).toBe(1);
  });

  it('gives the event loop back while it walks a body of thousands of parts, so a timer due meanwhile runs before it is done', async () => {
    const slowPart = () => Object.defineProperty({}, 'note', { enumerable: true, get: () => (busyFor(0.05), 'fine') });
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    await pipe.transform({ parts: Array.from({ length: 1_024 }, slowPart) }, body).then(() => order.push('walked'));
    expect(order).toEqual(['timer', 'walked']);
  });
});

describe('RequestValidationPipe on a model of a body', () => {
  const pipe = new RequestValidationPipe();
  const probe: ArgumentMetadata = { type: 'body', metatype: ProbeDto };
  const issuesOf = (value: unknown) =>
    pipe.transform(value, probe).then(
      () => [],
      (error: unknown) => (error as RequestValidationException).issues,
    );

  it('names each failed field as FastAPI does, array items by index', async () => {
    expect(await issuesOf({ name: 'x', items: [{ label: 'ok' }, { label: 7 }] })).toEqual([
      { loc: ['body', 'name'], msg: expect.any(String), type: 'string_too_short' },
      { loc: ['body', 'items', 1, 'label'], msg: expect.any(String), type: 'string_type' },
    ]);
  });

  it('names a missing field as missing', async () => {
    expect(await issuesOf({})).toEqual([{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }]);
  });

  it('leaves unknown fields out of what it passes on', async () => {
    expect(await pipe.transform({ name: 'abc', role: 'admin' }, probe)).toEqual(Object.assign(new ProbeDto(), { name: 'abc' }));
  });
});
