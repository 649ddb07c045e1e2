import { DraftableWrites } from '@/content-domain/draftable-writes.decorator';
import { Body, Controller, Get, Patch, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { RequireFieldsPipe } from '@/common/validation/require-fields.pipe';
import { ServesContent } from '@/read-model/serves-content.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import { ProfileDto } from './dto/profile.dto';
import { ReplaceProfileDto, UpdateProfileDto } from './dto/profile-input.dto';
import { ProfileService } from './profile.service';

import { PATCH_PROFILE_EXAMPLE, REPLACE_PROFILE_EXAMPLE } from './profile.examples';
import { type ContentWrite, ContentWriteOf } from '@/content-writes/content-write';
import { ContentWrites } from '@/content-writes/content-writes.service';
const NOT_SET = { description: 'No profile has been set yet', detail: 'No profile has been set' };

@ApiTags('profile')
@Controller('profile')
@ServesContent('profile')
@DraftableWrites()
export class ProfileController {
  constructor(
    private readonly profile: ProfileService,
    private readonly writes: ContentWrites,
  ) {}

  @Get()
  @PublicRead({ operationId: 'getProfile', summary: 'The person behind the portfolio', returns: ProfileDto, notFound: NOT_SET })
  find(): Promise<ProfileDto> {
    return this.profile.find();
  }

  @Put()
  @AdminOperation({
    operationId: 'replaceProfile',
    summary: 'Set the profile',
    description: 'Creates or replaces it: name is required; omitted fields are reset ("", [], and "" in each language).',
    body: { example: REPLACE_PROFILE_EXAMPLE },
    responses: { 200: ProfileDto },
  })
  replace(
    @Body(new RequireFieldsPipe<ReplaceProfileDto>(['name'])) dto: ReplaceProfileDto,
    @ContentWriteOf() write: ContentWrite,
  ): Promise<ProfileDto> {
    return this.writes.run(write, () => this.profile.replace(dto));
  }

  @Patch()
  @AdminOperation({
    operationId: 'updateProfile',
    summary: 'Change the given fields of the profile',
    description: 'In headline and summary, only the languages given change.',
    body: { example: PATCH_PROFILE_EXAMPLE },
    responses: { 200: ProfileDto, 404: NOT_SET },
  })
  patch(@Body() dto: UpdateProfileDto, @ContentWriteOf() write: ContentWrite): Promise<ProfileDto> {
    return this.writes.run(write, () => this.profile.patch(dto));
  }
}
