import type { ValidationError } from 'class-validator';
import type { ValidationIssue } from './request-validation.exception';

/** FastAPI's error type for each class-validator constraint; anything unlisted is a value_error. */
const ISSUE_TYPES: Record<string, string> = {
  isDefined: 'missing',
  isString: 'string_type',
  minLength: 'string_too_short',
  maxLength: 'string_too_long',
  isNotEmpty: 'string_too_short',
  isInt: 'int_parsing',
  min: 'greater_than_equal',
  max: 'less_than_equal',
  isBoolean: 'bool_parsing',
  isArray: 'list_type',
  arrayUnique: 'value_error',
  isIn: 'enum',
  isEnum: 'enum',
  isEmail: 'value_error',
  isUuid: 'uuid_parsing',
  isUrl: 'url_parsing',
  matches: 'string_pattern_mismatch',
  nestedValidation: 'model_type',
  isObject: 'model_type',
  whitelistValidation: 'extra_forbidden',
};

/** Flattens class-validator's tree into one issue per failed field, with array items as numeric steps. */
export function toValidationIssues(
  errors: ValidationError[],
  parentLoc: (string | number)[] = [],
  parentIsArray = false,
): ValidationIssue[] {
  return errors.flatMap((error) => {
    const loc = [...parentLoc, parentIsArray ? Number(error.property) : error.property];
    if (error.children?.length) return toValidationIssues(error.children, loc, Array.isArray(error.value));
    return [issueOf(error, loc)];
  });
}

function issueOf(error: ValidationError, loc: (string | number)[]): ValidationIssue {
  if (error.value === undefined) return { loc, msg: 'Field required', type: 'missing' };
  const [constraint, message] = Object.entries(error.constraints ?? { value_error: 'Invalid value' })[0];
  return { loc, msg: message, type: ISSUE_TYPES[constraint] ?? 'value_error' };
}
