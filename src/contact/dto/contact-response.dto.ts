import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'ContactResponse' })
export class ContactResponseDto {
  @ApiProperty({ example: true })
  readonly success!: boolean;

  @ApiProperty({ example: 'Thank you for your message. You will hear back soon.' })
  readonly message!: string;
}
