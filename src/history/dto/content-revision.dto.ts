import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CONTENT_DOMAINS, type ContentDomain } from '@/content';
import { ITEM_CHANGES, type ItemChange } from '@/history/content-diff';
import { REVISION_SOURCES, type RevisionSource } from '@/history/revision-sources';

/** One item a revision touched. */
@ApiSchema({ name: 'ContentItemChange' })
export class ContentItemChangeDto {
  @ApiProperty({ enum: CONTENT_DOMAINS, example: 'awards' })
  readonly domain!: ContentDomain;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The item's id (a project's slug; a skill category's id for a change of its skills); null for the profile",
    example: '0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a',
  })
  readonly id!: string | null;

  @ApiProperty({
    enum: ITEM_CHANGES,
    description: 'added, changed (its fields), removed, or moved (the same item in another place)',
    example: 'changed',
  })
  readonly change!: ItemChange;
}

/** One change to content, kept: what made it, who, and which parts of the document it changed. */
@ApiSchema({ name: 'ContentRevision' })
export class ContentRevisionDto {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Revisions count up: a newer one has a greater id', example: 42 })
  readonly id!: number;

  @ApiProperty({ format: 'date-time', description: 'When it was recorded (within 2 s of the change)', example: '2026-11-25T14:03:11.482Z' })
  readonly createdAt!: string;

  @ApiProperty({
    enum: REVISION_SOURCES,
    description:
      'api: an admin write; import: PUT /api/admin/content; restore: an earlier revision restored; sync: the certification sync; ' +
      'seed: an empty database filled at start-up; publish: the draft published; database: any other writer (SQL typed by hand)',
    example: 'api',
  })
  readonly source!: RevisionSource;

  @ApiProperty({ enum: CONTENT_DOMAINS, isArray: true, description: 'The parts of the content document it changed', example: ['awards'] })
  readonly domains!: ContentDomain[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The admin (name or email from the Entra ID token, or "admin token"); null for the seed, a scheduled sync or the database',
    example: 'Mara Jansen',
  })
  readonly actor!: string | null;

  @ApiProperty({
    type: [ContentItemChangeDto],
    description: 'Each item it added, changed, removed or moved (empty for revisions recorded before this was kept)',
  })
  readonly changes!: ContentItemChangeDto[];
}
