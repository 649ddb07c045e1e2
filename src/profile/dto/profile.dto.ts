import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ImageSetDto } from '@/media/dto/image-set.dto';
import { DEMO_CONTENT, type Localised } from '@/content';
import { PerLanguageModel } from '@/content-domain/translations';

/** A text in every language, its example the demo's headline. */
@ApiSchema({ name: 'LocalisedText' })
export class LocalisedTextDto extends PerLanguageModel<Localised>((language) =>
  ApiProperty({ type: String, example: DEMO_CONTENT.profile?.headline?.[language] }),
) {}

@ApiSchema({ name: 'ProfileLink' })
export class ProfileLinkDto {
  @ApiProperty({ minLength: 1, maxLength: 50, example: 'GitHub' })
  readonly label!: string;

  @ApiProperty({ format: 'uri', maxLength: 500, example: 'https://github.com/marajansen' })
  readonly url!: string;
}

@ApiSchema({ name: 'Profile' })
export class ProfileDto {
  @ApiProperty({ example: 'Mara Jansen' })
  readonly name!: string;

  @ApiProperty({ type: LocalisedTextDto, description: 'Per CV language' })
  readonly headline!: LocalisedTextDto;

  @ApiProperty({ type: LocalisedTextDto, description: 'Per CV language' })
  readonly summary!: LocalisedTextDto;

  @ApiProperty({ example: 'Utrecht, Netherlands' })
  readonly location!: string;

  @ApiProperty({ description: 'An email address, or "" for none', example: 'mara@marajansen.example' })
  readonly email!: string;

  @ApiProperty({ description: 'An absolute http(s) URL, or "" for none', example: 'https://marajansen.example' })
  readonly website!: string;

  @ApiProperty({
    description:
      'A picture of the person: a URL, or /api/media/{media_id} (an uploaded one, which `imageSet` then describes), or "" for none',
    example: '',
  })
  readonly photo!: string;

  @ApiPropertyOptional({ type: ImageSetDto, description: 'Present when `photo` names an uploaded picture (alt in English)' })
  readonly imageSet?: ImageSetDto;

  @ApiProperty({ type: [ProfileLinkDto] })
  readonly links!: ProfileLinkDto[];
}
