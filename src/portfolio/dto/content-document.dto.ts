import { applyDecorators, type Type as Class } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { IsNestedList, IsNestedObject, IsNullable } from '@/common/validation/validation.decorators';
import { ModelWith } from '@/common/validation/model-with';
import { CONTENT_DOMAINS, type ContentDocument, type ContentDomain, DOMAIN_DECLARATIONS, LIST_DOMAINS, type ListDomain } from '@/content';
import { PORTFOLIO_DOMAINS } from '@/portfolio/portfolio-domains';

/** More items than any portfolio has, and few enough to validate in moments. */
export const MAX_ITEMS = 5_000;

/** The lists of a content document, each with the model of its items. */
export const CONTENT_LISTS = Object.fromEntries(LIST_DOMAINS.map((domain) => [domain, PORTFOLIO_DOMAINS[domain].documentModel])) as Record<
  ListDomain,
  Class
>;

/** A domain's part of the document: a list in display order, or one item or null. */
function DocumentPart(domain: ContentDomain): PropertyDecorator {
  const model = PORTFOLIO_DOMAINS[domain].documentModel;
  const { description } = DOMAIN_DECLARATIONS[domain];
  return DOMAIN_DECLARATIONS[domain].shape === 'list'
    ? applyDecorators(
        ApiProperty({ type: [model], maxItems: MAX_ITEMS, description }),
        IsNestedList(() => model, { maxItems: MAX_ITEMS }),
      )
    : applyDecorators(
        ApiProperty({ type: model, nullable: true, description: `${description}; null: none` }),
        IsNullable(),
        IsNestedObject(() => model),
      );
}

/** The whole portfolio as one document: each list in display order, each item its create model plus its id. */
@ApiSchema({ name: 'ContentDocument' })
export class ContentDocumentDto extends ModelWith<Omit<ContentDocument, 'version'>, ContentDomain>(CONTENT_DOMAINS, DocumentPart) {
  @ApiProperty({ enum: [1], description: 'The format of the document' })
  @IsIn([1], { message: 'Input should be 1' })
  readonly version!: 1;
}

/** How many items of each domain a document holds: for the profile, 1 when it is set. */
@ApiSchema({ name: 'ContentCounts' })
export class ContentCountsDto extends ModelWith<Record<ContentDomain, number>, ContentDomain>(CONTENT_DOMAINS, (domain) =>
  ApiProperty({
    ...(DOMAIN_DECLARATIONS[domain].shape === 'list' ? { type: Number, minimum: 0 } : { enum: [0, 1] }),
    description: DOMAIN_DECLARATIONS[domain].description,
  }),
) {}
