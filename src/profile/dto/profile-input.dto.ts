import { ApiPropertyOptional, ApiSchema, PartialType } from '@nestjs/swagger';
import type { Localised } from '@/content';
import { PerLanguageModel } from '@/content-domain/translations';
import {
  EmailField,
  HttpUrlField,
  IsNestedObject,
  IsOmittable,
  NestedListField,
  SitePathOrUrlField,
  TextField,
  TrimmedTextField,
} from '@/common/validation/validation.decorators';

/** Text per language, each at most `max` characters; a language left out is "" (PUT) or kept (PATCH). */
const localisedInput = (max: number) => PerLanguageModel<Partial<Localised>>(() => TextField({ max, optional: true }));

@ApiSchema({ name: 'ProfileHeadlineInput' })
export class HeadlineInputDto extends localisedInput(200) {}

@ApiSchema({ name: 'ProfileSummaryInput' })
export class SummaryInputDto extends localisedInput(2000) {}

@ApiSchema({ name: 'ProfileLinkInput' })
export class ProfileLinkInputDto {
  @TextField({ min: 1, max: 50, example: 'GitHub' })
  readonly label!: string;

  @HttpUrlField({ max: 500, absent: 'required', example: 'https://github.com/marajansen' })
  readonly url!: string;
}

/** PUT /api/profile: creates or replaces the profile; what it leaves out is "" or []. */
@ApiSchema({ name: 'ProfileReplace' })
export class ReplaceProfileDto {
  @TrimmedTextField({ min: 1, max: 100, description: 'Leading and trailing whitespace is stripped first', example: 'Mara Jansen' })
  readonly name!: string;

  @ApiPropertyOptional({ type: HeadlineInputDto })
  @IsOmittable()
  @IsNestedObject(() => HeadlineInputDto)
  readonly headline?: HeadlineInputDto;

  @ApiPropertyOptional({ type: SummaryInputDto })
  @IsOmittable()
  @IsNestedObject(() => SummaryInputDto)
  readonly summary?: SummaryInputDto;

  @TextField({ max: 200, optional: true, example: 'Utrecht, Netherlands' })
  readonly location?: string;

  @EmailField({ absent: 'empty', example: 'mara@marajansen.example' })
  readonly email?: string;

  @HttpUrlField({ max: 200, absent: 'empty', example: 'https://marajansen.example' })
  readonly website?: string;

  @SitePathOrUrlField({
    max: 2048,
    description:
      'A picture of the person: an absolute http(s) URL or a path on this site (an uploaded picture: /api/media/{media_id}); "" for none',
  })
  readonly photo?: string;

  @NestedListField(ProfileLinkInputDto, { maxItems: 20 })
  readonly links?: ProfileLinkInputDto[];
}

/** PATCH /api/profile: the fields given, and in headline and summary the languages given. */
@ApiSchema({ name: 'ProfileUpdate' })
export class UpdateProfileDto extends PartialType(ReplaceProfileDto, { skipNullProperties: false }) {}
