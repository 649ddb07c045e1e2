import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { ApiExcludeController, ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';

export class ProbeItemDto {
  @ApiProperty()
  @IsString()
  readonly label!: string;
}

/** A body with a length rule and a list of nested items: what the validation pipe's answers are shown on. */
export class ProbeDto {
  @ApiProperty()
  @IsString()
  @MinLength(2)
  @MaxLength(10)
  readonly name!: string;

  @ApiProperty({ type: [ProbeItemDto], required: false })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ProbeItemDto)
  readonly items?: ProbeItemDto[];
}

/** Routes that exist only in tests, to drive the body pipeline, the unexpected-error path and
 * a response the client does not wait for. */
@ApiExcludeController()
@Controller('test-probe')
class ProbeController {
  @Post()
  echo(@Body() body: ProbeDto): ProbeDto {
    return body;
  }

  @Get('slow')
  async slow(): Promise<{ done: boolean }> {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { done: true };
  }

  @Get('failure')
  fail(): never {
    throw new Error('connect ECONNREFUSED /var/run/secret.sock');
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
