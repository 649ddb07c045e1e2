import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { BadgeSource } from './synced-badge';

const PROVIDERS: BadgeSource[] = ['credly', 'microsoft_learn', 'openbadges'];

class SyncErrorDto {
  @ApiProperty({ enum: PROVIDERS })
  readonly provider!: BadgeSource;

  @ApiProperty({ example: 'https://www.credly.com/users/mara-jansen/badges.json answered 503' })
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
