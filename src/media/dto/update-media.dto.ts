import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsNumber, Max, Min } from 'class-validator';
import { LANGUAGES, type Localised } from '@/content';
import { InLanguagesOnly, PerLanguageModel } from '@/content-domain/translations';
import { SchemaRules } from '@/common/openapi/schema-rules';
import { IsNestedObject, IsNullable, IsOmittable, TextField } from '@/common/validation/validation.decorators';

@ApiSchema({ name: 'MediaAltInput' })
@SchemaRules('MediaAltInput', { additionalProperties: false })
class MediaAltInputDto extends PerLanguageModel<Partial<Localised>>(() => TextField({ max: 300, optional: true })) {}

const InUnitRange = (): PropertyDecorator => (target, key) => {
  IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Input should be a valid number' })(target, key);
  Min(0, { message: 'Input should be greater than or equal to 0' })(target, key);
  Max(1, { message: 'Input should be less than or equal to 1' })(target, key);
};

@ApiSchema({ name: 'FocalPointInput' })
class FocalPointInputDto {
  @ApiProperty({ minimum: 0, maximum: 1, example: 0.5 })
  @InUnitRange()
  readonly x!: number;

  @ApiProperty({ minimum: 0, maximum: 1, example: 0.3 })
  @InUnitRange()
  readonly y!: number;
}

/** PATCH /api/admin/media/{media_id}: the alt texts given (per language), and the focal point (null: none). */
@ApiSchema({ name: 'MediaUpdate' })
export class UpdateMediaDto {
  @ApiPropertyOptional({ type: MediaAltInputDto })
  @IsOmittable()
  @InLanguagesOnly(LANGUAGES, `Alt texts are written in ${LANGUAGES.join(', ')}`)
  @IsNestedObject(() => MediaAltInputDto)
  readonly alt?: Partial<Localised>;

  @ApiPropertyOptional({
    type: FocalPointInputDto,
    nullable: true,
    description: 'Where the subject is: crops keep it in view; null for none',
  })
  @IsNullable()
  @IsNestedObject(() => FocalPointInputDto)
  readonly focalPoint?: FocalPointInputDto | null;
}
