import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'AuthMe' })
export class AuthMeDto {
  @ApiProperty({ description: 'The user object id (oid)', format: 'uuid' })
  readonly id!: string;

  @ApiProperty({ type: String, nullable: true, example: 'mara@example.com' })
  readonly email!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Mara Jansen' })
  readonly name!: string | null;

  @ApiProperty({ enum: ['admin'] })
  readonly role!: 'admin';
}
