import { Injectable, type PipeTransform } from '@nestjs/common';
import { backgroundSlices } from '@/common/scheduling/event-loop-turns';
import { MAX_ISSUES, RequestValidationException, type ValidationIssue } from '@/common/validation/request-validation.exception';
import { RequestValidationPipe } from '@/common/validation/request-validation.pipe';
import { LIST_DOMAINS } from '@/content';
import { CONTENT_LISTS, ContentDocumentDto, MAX_ITEMS } from './dto/content-document.dto';

type Plain = Record<string, unknown>;

/**
 * Validates a content document as the global pipe would validate ContentDocumentDto, in parts: the
 * document without its items first (its version, its profile, each list's type and size), then
 * each item on its own, giving the event loop back every few milliseconds and stopping at the
 * first 100 issues. A list over its size is one issue, its items never looked at: a document of
 * millions of items costs what one of a few does.
 */
@Injectable()
export class ContentDocumentPipe implements PipeTransform<unknown, Promise<ContentDocumentDto>> {
  private readonly validation = new RequestValidationPipe();

  async transform(value: unknown): Promise<ContentDocumentDto> {
    const issues: ValidationIssue[] = [];
    const document = (await this.validated(value, ContentDocumentDto, [], issues, (plain) => this.withoutItems(plain, issues))) as Plain;
    const giveWay = backgroundSlices();
    for (const name of LIST_DOMAINS) {
      const items = (value as Plain)[name];
      if (!Array.isArray(items) || items.length > MAX_ITEMS) continue;
      const validatedItems: unknown[] = [];
      for (const [index, item] of items.entries()) {
        if (issues.length >= MAX_ISSUES) break;
        await giveWay();
        validatedItems.push(await this.validated(item, CONTENT_LISTS[name], [name, index], issues));
      }
      if (document) document[name] = validatedItems;
    }
    if (issues.length > 0) throw new RequestValidationException(issues);
    return document as unknown as ContentDocumentDto;
  }

  /** The document with every list emptied; a list too long is an issue of its own. */
  private withoutItems(plain: Plain, issues: ValidationIssue[]): Plain {
    const lists = LIST_DOMAINS.filter((name) => Array.isArray(plain[name]));
    for (const name of lists) {
      if ((plain[name] as unknown[]).length > MAX_ITEMS)
        issues.push({ loc: ['body', name], msg: `List should have at most ${MAX_ITEMS} items`, type: 'too_long' });
    }
    return { ...plain, ...Object.fromEntries(lists.map((name) => [name, []])) };
  }

  /** The value validated as `dto`, or undefined with its issues (their locations under `at`) added. */
  private async validated(
    value: unknown,
    dto: new () => object,
    at: (string | number)[],
    issues: ValidationIssue[],
    prepare: (plain: Plain) => Plain = (plain) => plain,
  ): Promise<Plain | undefined> {
    try {
      const plain = typeof value === 'object' && value !== null && !Array.isArray(value) ? prepare(value as Plain) : value;
      return (await this.validation.transform(plain, { type: 'body', metatype: dto })) as Plain;
    } catch (error) {
      if (!(error instanceof RequestValidationException)) throw error;
      issues.push(...error.issues.map(({ loc: [, ...rest], ...issue }) => ({ ...issue, loc: ['body', ...at, ...rest] })));
      return undefined;
    }
  }
}
