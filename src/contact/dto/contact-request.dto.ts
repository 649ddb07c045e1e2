import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { EmailField, IsText, TextField, TrimmedTextField } from '@/common/validation/validation.decorators';

/** A visitor's words are kept as sent, control characters too: the mails fold them (no header is ever made of them). */
@ApiSchema({ name: 'ContactRequest' })
export class ContactRequestDto {
  @TrimmedTextField({
    min: 2,
    max: 100,
    printable: false,
    description: 'Leading and trailing whitespace is stripped first',
    example: 'Ada Lovelace',
  })
  readonly name!: string;

  @EmailField({
    absent: 'required',
    description: 'A plain address, as mail servers accept it: no quoted local part, whitespace or comments',
    example: 'ada@example.com',
  })
  readonly email!: string;

  @TextField({ min: 10, max: 5000, printable: false, example: 'I would like to talk about a project.' })
  readonly message!: string;

  @ApiPropertyOptional({ type: String, maxLength: 200, nullable: true, example: 'Analytical Engines Ltd.' })
  @IsOptional()
  @IsText({ max: 200, printable: false })
  readonly company?: string | null;

  @ApiPropertyOptional({
    type: String,
    maxLength: 500,
    description:
      'A honeypot: a form hides this field from people and leaves it empty. A message that fills it answers 200 as any other, is kept marked as spam, and no mail goes out',
    example: '',
  })
  @IsOptional()
  @IsText({ max: 500, printable: false })
  readonly website?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: 10_000,
    description:
      'With CONTACT_CHALLENGE=altcha only (then required): the solved challenge of GET /api/contact/challenge, as the ALTCHA widget sends it (base64 JSON of { challenge, solution })',
  })
  @IsOptional()
  @IsText({ max: 10_000 })
  readonly altcha?: string;
}
