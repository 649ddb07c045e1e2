import { ApiProperty, ApiSchema, PickType } from '@nestjs/swagger';
import type { ContentDocument } from '@/content';
import { ValidationErrorItemDto } from '@/common/http/error-bodies.dto';
import { ContentItemChangeDto } from '@/history/dto/content-revision.dto';
import { ContentCountsDto, ContentDocumentDto } from '@/portfolio/dto/content-document.dto';

/** An item the draft changed that a direct write changed too: at publish the draft's version won. */
@ApiSchema({ name: 'OverriddenItem' })
export class OverriddenItemDto extends PickType(ContentItemChangeDto, ['domain', 'id'] as const) {}

/** A scheduled publish the draft could not make. */
@ApiSchema({ name: 'DraftPublishFailure' })
export class DraftPublishFailureDto {
  @ApiProperty({ format: 'date-time', description: 'When it was tried', example: '2026-12-01T08:00:00.412Z' })
  readonly at!: string;

  @ApiProperty({ type: [ValidationErrorItemDto], description: 'What the publish refused, as a 422 lists it' })
  readonly issues!: ValidationErrorItemDto[];
}

/** The owner's draft, read against the published content as it is now. */
@ApiSchema({ name: 'ContentDraft' })
export class DraftDto {
  @ApiProperty({ format: 'date-time', description: 'When its first write opened it', example: '2026-11-26T09:12:03.000Z' })
  readonly openedAt!: string;

  @ApiProperty({ format: 'date-time', description: 'Its latest write', example: '2026-11-26T10:40:55.000Z' })
  readonly updatedAt!: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When it is to be published; null: not scheduled',
    example: null,
  })
  readonly scheduledAt!: string | null;

  @ApiProperty({
    type: DraftPublishFailureDto,
    nullable: true,
    description:
      'Why its scheduled publish could not be made (it broke a rule meanwhile): the schedule stopped. Null while none failed since it was last scheduled',
    example: null,
  })
  readonly publishFailure!: DraftPublishFailureDto | null;

  @ApiProperty({ type: [ContentItemChangeDto], description: 'What publishing it would change, item by item' })
  readonly changes!: ContentItemChangeDto[];

  @ApiProperty({ type: ContentDocumentDto, description: "The content it would publish, in the export's shape" })
  readonly document!: ContentDocument;
}

/** What publishing did. */
@ApiSchema({ name: 'PublishedDraft' })
export class PublishedDraftDto {
  @ApiProperty({ type: ContentCountsDto, description: 'How many items each domain now holds' })
  readonly published!: ContentCountsDto;

  @ApiProperty({
    type: [OverriddenItemDto],
    description: 'Items the draft changed that a direct write had changed too since: the draft won',
  })
  readonly overridden!: OverriddenItemDto[];
}

/** A read-only link to the draft, for someone without an admin credential. */
@ApiSchema({ name: 'DraftPreviewToken' })
export class PreviewTokenDto {
  @ApiProperty({ description: 'Add it to any public read as ?preview=<token>', example: 'AAAAAGmF2nQ0b3Vu…' })
  readonly token!: string;

  @ApiProperty({ type: 'integer', description: 'Seconds it reads the draft for (DRAFT_PREVIEW_TTL_SECONDS)', example: 86400 })
  readonly expiresIn!: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: "Each domain's public read with the token, by domain",
    example: { profile: '/api/profile?preview=AAAAAGmF2nQ0b3Vu…', projects: '/api/projects?preview=AAAAAGmF2nQ0b3Vu…' },
  })
  readonly urls!: Record<string, string>;
}
