import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

/** What altcha-lib's challenge parameters hold; the widget reads them as they are. */
@ApiSchema({ name: 'ContactChallengeParameters' })
export class ContactChallengeParametersDto {
  @ApiProperty({ example: 'SHA-256' })
  readonly algorithm!: string;

  @ApiProperty({ description: 'Hex', example: '9f86d081884c7d659a2feaa0c55ad015' })
  readonly nonce!: string;

  @ApiProperty({ description: 'Hex', example: 'a3f1c2' })
  readonly salt!: string;

  @ApiProperty({ type: 'integer', example: 1 })
  readonly cost!: number;

  @ApiProperty({ type: 'integer', example: 32 })
  readonly keyLength!: number;

  @ApiProperty({ description: 'What the derived key of the solution starts with (hex)', example: '5d2b7e1a' })
  readonly keyPrefix!: string;

  @ApiPropertyOptional({ type: 'integer', description: 'Unix time in seconds after which the challenge is refused', example: 1795300000 })
  readonly expiresAt?: number;
}

/** A signed proof-of-work challenge (ALTCHA, version 2). */
@ApiSchema({ name: 'ContactChallenge' })
export class ContactChallengeDto {
  @ApiProperty({ type: ContactChallengeParametersDto })
  readonly parameters!: ContactChallengeParametersDto;

  @ApiPropertyOptional({
    description: 'HMAC of the parameters, made with CONTACT_CHALLENGE_KEY',
    example: '2c26b46b68ffc68ff99b453c1d304134',
  })
  readonly signature?: string;
}
