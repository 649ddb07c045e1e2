import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'LocalisedText' })
export class LocalisedTextDto {
  @ApiProperty({ example: 'Senior software engineer: backend platforms and data' })
  readonly english!: string;

  @ApiProperty({ example: 'Senior software-engineer: backendplatformen en data' })
  readonly nederlands!: string;
}

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

  @ApiProperty({ type: [ProfileLinkDto] })
  readonly links!: ProfileLinkDto[];
}
