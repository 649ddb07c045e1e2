import { ApiPropertyOptional, ApiSchema, PartialType, PickType } from '@nestjs/swagger';
import { CERTIFICATION_TEXT_FIELDS, type CertificationText, type Translations } from '@/content';
import { TranslationsField, TranslationsOf } from '@/content-domain/translations';
import { IsBoolean, IsISO8601 } from 'class-validator';
import { HttpUrlField, IsNullable, IsOmittable, TextField } from '@/common/validation/validation.decorators';

const DATE_TIME = { message: 'Input should be an ISO 8601 date-time' };

@ApiSchema({ name: 'CertificationCreate' })
export class CreateCertificationDto {
  @TextField({ min: 1, max: 300, example: 'Certified Kubernetes Security Specialist (CKS)' })
  readonly title!: string;

  @TextField({ max: 2000, optional: true, example: 'Securing container-based applications and Kubernetes platforms.' })
  readonly description?: string;

  @TextField({ max: 100, optional: true, example: 'badge' })
  readonly iconType?: string;

  @HttpUrlField({ max: 2048, absent: 'empty', example: 'https://www.credly.com/badges/example' })
  readonly link?: string;

  @TextField({ max: 200, optional: true, example: 'Verify on Credly' })
  readonly linkText?: string;

  @HttpUrlField({ max: 2048, absent: 'null', example: null })
  readonly badgeImageUrl?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, example: '2025-04-01T00:00:00.000Z' })
  @IsNullable()
  @IsISO8601({ strict: true }, DATE_TIME)
  readonly issuedAt?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, example: null })
  @IsNullable()
  @IsISO8601({ strict: true }, DATE_TIME)
  readonly expiresAt?: string | null;

  @ApiPropertyOptional({ description: 'false locks a synced entry against the certification sync', example: true })
  @IsOmittable()
  @IsBoolean({ message: 'Input should be a valid boolean' })
  readonly syncEnabled?: boolean;

  @TranslationsField(() => CertificationTranslationsDto)
  // Typed by its shape: the model's class is made below, after this one.
  readonly translations?: Translations<CertificationText>;
}

/** The texts of certification a visitor reads, in another language: each with its own rules, all optional. */
@ApiSchema({ name: 'CertificationText' })
export class CertificationTextDto extends PartialType(PickType(CreateCertificationDto, CERTIFICATION_TEXT_FIELDS), {
  skipNullProperties: false,
}) {}

export const CertificationTranslationsDto = TranslationsOf(CertificationTextDto, 'CertificationTranslations');

/**
 * Shared by PUT (which also needs title) and PATCH. An edit of a synced entry locks it against the
 * sync (syncEnabled false) unless the body says `"syncEnabled": true`.
 */
@ApiSchema({ name: 'CertificationUpdate' })
export class UpdateCertificationDto extends PartialType(CreateCertificationDto, { skipNullProperties: false }) {}
