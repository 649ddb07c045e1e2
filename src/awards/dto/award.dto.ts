import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'Award' })
export class AwardDto {
  @ApiProperty({ type: String, nullable: true, required: false, example: 'c7e9a1b3-4d5f-4a6b-8c9d-0e1f2a3b4c01' })
  readonly id?: string | null;

  @ApiProperty({ example: 'Best Workshop Paper' })
  readonly title!: string;

  @ApiProperty({ example: 'Energy Informatics Workshop' })
  readonly organization!: string;

  @ApiProperty({ example: '2024' })
  readonly year!: string;

  @ApiProperty({ example: 'For the short-term grid load forecasting paper.' })
  readonly description!: string;

  @ApiProperty({ example: 'award' })
  readonly iconName!: string;

  @ApiProperty({ example: '#047857' })
  readonly bgColor!: string;
}
