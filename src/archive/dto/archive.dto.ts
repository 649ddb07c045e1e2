import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { ContentCountsDto } from '@/portfolio/dto/content-document.dto';

export class ArchiveQueryDto {
  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'Add the content history: each revision kept, with its document',
    example: false,
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => ({ true: true, false: false })[String(value)] ?? value)
  @IsBoolean({ message: 'Input should be true or false' })
  readonly history: boolean = false;
}

/** What the portfolio holds after an archive was put back. */
@ApiSchema({ name: 'ArchiveCounts' })
export class ArchiveCountsDto extends ContentCountsDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Pictures', example: 4 })
  readonly media!: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'CVs uploaded or published, one a language at most', example: 1 })
  readonly cvs!: number;

  @ApiProperty({ enum: [0, 1], description: 'Whether a draft is open', example: 0 })
  readonly draft!: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Revisions of the content history in the archive', example: 0 })
  readonly revisions!: number;
}
