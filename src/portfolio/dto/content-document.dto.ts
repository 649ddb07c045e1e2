import { applyDecorators, type Type as Class } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { IsNestedList, IsNestedObject, IsNullable } from '@/common/validation/validation.decorators';
import { AwardItemDto } from '@/awards/dto/award-item.dto';
import { CertificationItemDto } from '@/certifications/dto/certification-item.dto';
import { WorkEntryItemDto } from '@/experience/dto/work-entry-item.dto';
import { ReplaceProfileDto } from '@/profile/dto/profile-input.dto';
import { ProjectItemDto } from '@/projects/dto/project-item.dto';
import { SkillCategoryItemDto } from '@/skills/dto/skill-category-item.dto';

/** More items than any portfolio has, and few enough to validate in moments. */
export const MAX_ITEMS = 5_000;

/** The lists of a content document, each with the model of its items. */
export const CONTENT_LISTS = {
  projects: ProjectItemDto,
  experience: WorkEntryItemDto,
  skills: SkillCategoryItemDto,
  awards: AwardItemDto,
  certifications: CertificationItemDto,
} as const;

export type ContentListName = keyof typeof CONTENT_LISTS;

/** A list of a content document, in display order. */
function ItemList(item: Class, description: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: [item], maxItems: MAX_ITEMS, description }),
    IsNestedList(() => item, { maxItems: MAX_ITEMS }),
  );
}

/** The whole portfolio as one document: each list in display order, each item its create model plus its id. */
@ApiSchema({ name: 'ContentDocument' })
export class ContentDocumentDto {
  @ApiProperty({ enum: [1], description: 'The format of the document' })
  @IsIn([1], { message: 'Input should be 1' })
  readonly version!: 1;

  @ApiProperty({ type: ReplaceProfileDto, nullable: true, description: 'null: no profile' })
  @IsNullable()
  @IsNestedObject(() => ReplaceProfileDto)
  readonly profile!: ReplaceProfileDto | null;

  @ItemList(CONTENT_LISTS.projects, 'Projects; the slug is their id')
  readonly projects!: ProjectItemDto[];

  @ItemList(CONTENT_LISTS.experience, 'Work entries, newest first')
  readonly experience!: WorkEntryItemDto[];

  @ItemList(CONTENT_LISTS.skills, 'Skill categories with their skills')
  readonly skills!: SkillCategoryItemDto[];

  @ItemList(CONTENT_LISTS.awards, 'Awards')
  readonly awards!: AwardItemDto[];

  @ItemList(CONTENT_LISTS.certifications, 'Certifications, manual and synced')
  readonly certifications!: CertificationItemDto[];
}

@ApiSchema({ name: 'ContentCounts' })
export class ContentCountsDto {
  @ApiProperty({ enum: [0, 1], description: '1 when the document sets a profile' })
  readonly profile!: 0 | 1;

  @ApiProperty({ example: 6 })
  readonly projects!: number;

  @ApiProperty({ example: 4 })
  readonly experience!: number;

  @ApiProperty({ description: 'Skill categories', example: 5 })
  readonly skills!: number;

  @ApiProperty({ example: 3 })
  readonly awards!: number;

  @ApiProperty({ example: 4 })
  readonly certifications!: number;
}
