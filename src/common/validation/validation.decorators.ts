import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Min } from 'class-validator';

/**
 * An integer that may arrive as a query string: only plain digit strings are converted,
 * so "", "1.5" or "1e3" fail instead of quietly becoming numbers.
 */
export function IsWholeNumber({ min }: { min: number }): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value)),
    IsInt({ message: 'Input should be a valid integer, unable to parse string as an integer' }),
    Min(min, { message: `Input should be greater than or equal to ${min}` }),
  );
}
