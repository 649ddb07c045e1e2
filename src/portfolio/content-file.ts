import { readFile } from 'node:fs/promises';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { toValidationIssues } from '@/common/validation/validation-issues';
import type { ContentDocument } from '@/content';
import { ConfigurationError } from '@/config/validate-config';
import { documentIssues } from './document-rules';
import { ContentDocumentDto } from './dto/content-document.dto';

/**
 * The owner's content document named by CONTENT_FILE, validated as an import would be. An
 * unreadable or invalid file stops start-up with one line naming the file and the first problem.
 */
export async function loadContentFile(path: string): Promise<ContentDocument> {
  const stop = (problem: string) => new ConfigurationError(`Invalid configuration: CONTENT_FILE ${path}: ${problem}`);
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw stop(error instanceof SyntaxError ? `not JSON (${error.message})` : 'cannot be read');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw stop('not a JSON object');
  const document = plainToInstance(ContentDocumentDto, value);
  const issues = toValidationIssues(await validate(document, { whitelist: true, forbidUnknownValues: false }));
  const [first] = issues.length > 0 ? issues : documentIssues(document);
  if (first) throw stop(`${first.loc.join('.')}: ${first.msg}`);
  return document;
}
