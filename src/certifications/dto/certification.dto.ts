import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'Certification' })
export class CertificationDto {
  @ApiProperty({ type: String, nullable: true, example: 'e2f4a6b8-1c3d-4e5f-9a7b-6c8d0e2f4a01' })
  readonly id!: string | null;

  @ApiProperty({ example: 'Microsoft Certified: Azure Developer Associate' })
  readonly title!: string;

  @ApiProperty({ example: 'Designing, building and maintaining cloud applications on Azure.' })
  readonly description!: string;

  @ApiProperty({ example: 'microsoft' })
  readonly iconType!: string;

  @ApiProperty({ example: 'https://learn.microsoft.com/api/credentials/share/en-us/MaraJansen/AZ204-2024' })
  readonly link!: string;

  @ApiProperty({ example: 'Verify on Microsoft Learn' })
  readonly linkText!: string;

  @ApiProperty({
    description: '`manual`, or the provider a synced entry came from (credly, microsoft_learn, openbadges)',
    example: 'manual',
  })
  readonly source!: string;

  @ApiProperty({ type: String, nullable: true, example: null })
  readonly badgeImageUrl!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2024-03-18T00:00:00.000Z' })
  readonly issuedAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  readonly expiresAt!: string | null;

  @ApiProperty({ description: 'false: the certification sync never changes this entry (an edit of a synced entry sets it)', example: true })
  readonly syncEnabled!: boolean;
}
