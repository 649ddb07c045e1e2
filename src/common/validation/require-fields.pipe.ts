import { Injectable, type PipeTransform } from '@nestjs/common';
import { RequestValidationException } from './request-validation.exception';

/**
 * PUT shares its update model with PATCH but replaces the whole resource, so the create model's
 * required fields must be present. Runs after the global validation pipe.
 */
@Injectable()
export class RequireFieldsPipe<T extends object> implements PipeTransform<T, T> {
  constructor(readonly fields: readonly (keyof T & string)[]) {}

  transform(value: T): T {
    const missing = this.fields.filter((field) => value[field] === undefined);
    if (missing.length > 0) {
      throw new RequestValidationException(missing.map((field) => ({ loc: ['body', field], msg: 'Field required', type: 'missing' })));
    }
    return value;
  }
}
