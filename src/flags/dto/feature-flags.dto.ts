import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { IsOmittable } from '@/common/validation/validation.decorators';

const BOOLEAN = { message: 'Input should be a valid boolean' };
const CV_GENERATION = 'CV generate button and endpoint are available';
const PORTFOLIO_CONTENT_API = 'The frontend fetches content from the API instead of its built-in data';

@ApiSchema({ name: 'FeatureFlagsResponse' })
export class FeatureFlagsDto {
  @ApiProperty({ description: CV_GENERATION })
  readonly cvGeneration!: boolean;

  @ApiProperty({ description: PORTFOLIO_CONTENT_API })
  readonly portfolioContentApi!: boolean;
}

@ApiSchema({ name: 'FeatureFlagsUpdate' })
export class FeatureFlagsUpdateDto {
  @ApiPropertyOptional({ description: CV_GENERATION })
  @IsOmittable()
  @IsBoolean(BOOLEAN)
  readonly cvGeneration?: boolean;

  @ApiPropertyOptional({ description: PORTFOLIO_CONTENT_API })
  @IsOmittable()
  @IsBoolean(BOOLEAN)
  readonly portfolioContentApi?: boolean;
}
