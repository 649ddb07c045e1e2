import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, MaxLength } from 'class-validator';
import { IsText, TextField } from '@/common/validation/validation.decorators';

@ApiSchema({ name: 'ContactRequest' })
export class ContactRequestDto {
  @ApiProperty({ minLength: 2, maxLength: 100, description: 'Leading and trailing whitespace is stripped first', example: 'Ada Lovelace' })
  // Only strings are stripped: a number or boolean stays what it is and fails IsText.
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsText({ min: 2, max: 100 })
  readonly name!: string;

  @ApiProperty({
    format: 'email',
    maxLength: 254,
    description: 'A plain address, as mail servers accept it: no quoted local part, whitespace or comments',
    example: 'ada@example.com',
  })
  // validator's isEmail also takes RFC 5322 quoted local parts ("a b"@example.org), which mail servers refuse.
  @IsEmail({ blacklisted_chars: '"' }, { message: 'value is not a valid email address' })
  @MaxLength(254, { message: 'String should have at most 254 characters' })
  readonly email!: string;

  @TextField({ min: 10, max: 5000, example: 'I would like to talk about a project.' })
  readonly message!: string;

  @ApiPropertyOptional({ type: String, maxLength: 200, nullable: true, example: 'Analytical Engines Ltd.' })
  @IsOptional()
  @IsText({ max: 200 })
  readonly company?: string | null;
}
