import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { type Language, LANGUAGES } from '@/content';
import { RequestValidationPipe } from '@/common/validation/request-validation.pipe';
import type { PublicReadRoute } from './public-read-routes';

export interface ReadKey {
  key: string;
  /** Its parameters' values, as the handler receives them (in the order of the route's parameters). */
  values: unknown[];
  /** The language its texts are read in (`?lang=`), where the read takes one. */
  language: Language | undefined;
}

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/**
 * The key a public read's answer is kept under: its route and its parameters as the handler would
 * receive them, validated by the same pipe (unknown ones dropped, `01` read as 1). A request whose
 * parameters are invalid is refused here with the 422 the handler would give.
 */
@Injectable()
export class ReadKeys {
  private readonly validation = new RequestValidationPipe();

  async of(route: PublicReadRoute, request: Request): Promise<ReadKey> {
    const values = await Promise.all(
      route.parameters.map(({ source, name, metatype }) => {
        const all = source === 'param' ? request.params : request.query;
        return this.validation.transform(name === undefined ? all : all[name], { type: source, metatype, data: name });
      }),
    );
    const language = values.map((value) => (value as { lang?: unknown } | undefined)?.lang).find(isLanguage);
    return { key: `${route.handler} ${JSON.stringify(values)}`, values, language };
  }
}
