import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { RequestValidationException } from './request-validation.exception';

/** Nest's ParseIntPipe cannot name the parameter in its error; FastAPI's `loc` needs it. */
@Injectable()
export class ParseIntPathPipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    if (!/^-?\d{1,15}$/.test(value)) {
      throw RequestValidationException.single(
        ['path', metadata.data ?? 'value'],
        'Input should be a valid integer, unable to parse string as an integer',
        'int_parsing',
      );
    }
    return Number(value);
  }
}

@Injectable()
export class ParseUUIDPathPipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    if (!isUUID(value)) {
      throw RequestValidationException.single(['path', metadata.data ?? 'value'], 'Input should be a valid UUID', 'uuid_parsing');
    }
    return value.toLowerCase();
  }
}
