import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { RequestValidationPipe } from '@/common/validation/request-validation.pipe';
import type { PublicReadRoute } from './public-read-routes';

/**
 * The key a public read's answer is kept under: its route and its parameters as the handler would
 * receive them, validated by the same pipe (unknown ones dropped, `01` read as 1). A request whose
 * parameters are invalid is refused here with the 422 the handler would give.
 */
@Injectable()
export class ReadKeys {
  private readonly validation = new RequestValidationPipe();

  async of(route: PublicReadRoute, request: Request): Promise<string> {
    const values = await Promise.all(
      route.parameters.map(({ source, name, metatype }) => {
        const all = source === 'param' ? request.params : request.query;
        return this.validation.transform(name === undefined ? all : all[name], { type: source, metatype, data: name });
      }),
    );
    return `${route.handler} ${JSON.stringify(values)}`;
  }
}
