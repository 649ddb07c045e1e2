import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { BadgeSource } from './synced-badge';

const PROVIDERS: BadgeSource[] = ['credly', 'microsoft_learn', 'openbadges'];

@ApiSchema({ name: 'SyncError' })
class SyncErrorDto {
  @ApiProperty({ enum: PROVIDERS })
  readonly provider!: BadgeSource;

  @ApiProperty({
    description: 'The kind of failure (an HTTP status, invalid JSON, a time-out); never a URL, host or configured identifier',
    example: 'answered 503',
  })
  readonly detail!: string;
}

@ApiSchema({ name: 'CertificationSyncSummary' })
export class CertificationSyncSummaryDto {
  @ApiProperty({ description: 'Credly entries now in step (created, updated or unchanged); 0 when not configured' })
  credly!: number;

  @ApiProperty({ description: 'Microsoft Learn certifications now in step' })
  microsoft_learn!: number;

  @ApiProperty({ description: 'Open Badges assertions now in step' })
  openbadges!: number;

  @ApiProperty({ type: [SyncErrorDto], description: 'Providers, or single assertions, that could not be read' })
  readonly errors!: SyncErrorDto[];
}
