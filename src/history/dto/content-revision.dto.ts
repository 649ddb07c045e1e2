import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CONTENT_DOMAINS, type ContentDomain } from '@/read-model/content-domains';
import { REVISION_SOURCES, type RevisionSource } from '@/history/revision-sources';

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
      'seed: an empty database filled at start-up; database: any other writer (SQL typed by hand)',
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
}
