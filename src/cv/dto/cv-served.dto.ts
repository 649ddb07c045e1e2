import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CV_LANGUAGES, type CvLanguage } from '@/cv/cv-language';

const SOURCES = ['upload', 'published', 'shipped', 'none'] as const;

/** What GET /api/download-cv serves for a language. */
@ApiSchema({ name: 'CVServed' })
export class CvServedDto {
  @ApiProperty({ enum: CV_LANGUAGES, example: 'english' })
  readonly lang!: CvLanguage;

  @ApiProperty({
    enum: SOURCES,
    description:
      'upload: a PDF the owner sent, kept as sent; published: rendered from the content, and again after every change; ' +
      'shipped: the file in CV_DIR; none: the download answers 404',
    example: 'published',
  })
  readonly source!: (typeof SOURCES)[number];

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Size of the PDF in bytes (0 for none)', example: 48213 })
  readonly bytes!: number;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'Since when it is served (null for none)',
    example: '2026-11-25T14:03:11.000Z',
  })
  readonly updatedAt!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A published CV: the fingerprint of the content it was last rendered from, at updatedAt (null otherwise)',
    example: 'q0Jx9v3c1mH8yWc2kQz3cF4o2tq5Kx7b0lT3v8NwY1s',
  })
  readonly renderedFrom!: string | null;

  @ApiProperty({
    type: Boolean,
    nullable: true,
    description:
      'A published CV: whether it shows the content as it is now; false only until it is rendered again (within 30 s of a change, retried until it is). Null otherwise',
    example: true,
  })
  readonly current!: boolean | null;
}
