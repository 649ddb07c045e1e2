import { ValidationError } from 'class-validator';
import { toValidationIssues } from './validation-issues';

function error(property: string, value: unknown, constraints?: Record<string, string>, children: ValidationError[] = []) {
  return Object.assign(new ValidationError(), { property, value, constraints, children });
}

describe('toValidationIssues', () => {
  it('maps constraints to FastAPI error types', () => {
    expect(
      toValidationIssues([
        error('name', 'x', { minLength: 'name is too short' }),
        error('email', 'nope', { isEmail: 'email must be an email' }),
        error('top', 'abc', { isInt: 'not an integer' }),
      ]),
    ).toEqual([
      { loc: ['name'], msg: 'name is too short', type: 'string_too_short' },
      { loc: ['email'], msg: 'email must be an email', type: 'value_error' },
      { loc: ['top'], msg: 'not an integer', type: 'int_parsing' },
    ]);
  });

  it('reports an absent value as missing', () => {
    expect(toValidationIssues([error('title', undefined, { isString: 'title must be a string' })])).toEqual([
      { loc: ['title'], msg: 'Field required', type: 'missing' },
    ]);
  });

  it('walks nested objects by name and arrays by numeric index', () => {
    const items = [{ title: 'ok' }, { title: 3 }];
    const nested = error('items', items, undefined, [
      error('1', items[1], undefined, [error('title', 3, { isString: 'title must be a string' })]),
    ]);
    expect(toValidationIssues([nested])).toEqual([{ loc: ['items', 1, 'title'], msg: 'title must be a string', type: 'string_type' }]);
  });
});
