import type { ArgumentMetadata } from '@nestjs/common';
import { IsOptional, IsString } from 'class-validator';
import { RequestValidationException } from './request-validation.exception';
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
