import type { Localised, Translations } from './languages';

export interface ProfileLinkItem {
  readonly label: string;
  readonly url: string;
}

export interface ProfileItem {
  readonly name: string;
  readonly headline?: Partial<Localised>;
  readonly summary?: Partial<Localised>;
  readonly location?: string;
  readonly email?: string;
  readonly website?: string;
  /** A picture of the person: an http(s) URL or a path on this site (an uploaded one: /api/media/{media_id}), or "". */
  readonly photo?: string;
  readonly links?: readonly ProfileLinkItem[];
}

export interface ProjectItem {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly longDescription?: string;
  readonly technologies?: readonly string[];
  readonly category?: string;
  readonly status?: string;
  readonly impact?: string;
  readonly demo?: string;
  readonly image?: string;
  readonly client?: string;
  readonly overview?: string;
  readonly challenge?: string;
  readonly solution?: string;
  readonly results?: readonly string[];
  readonly responsibilities?: readonly string[];
  readonly embeddedApp?: string | null;
  readonly publicationUrl?: string | null;
  readonly thesisUrl?: string | null;
  readonly translations?: Translations<ProjectText>;
}

/** The texts of a project a visitor reads, written in each language. */
export const PROJECT_TEXT_FIELDS = [
  'title',
  'description',
  'longDescription',
  'category',
  'status',
  'impact',
  'client',
  'overview',
  'challenge',
  'solution',
  'results',
  'responsibilities',
] as const satisfies readonly (keyof ProjectItem)[];
export type ProjectText = Pick<ProjectItem, (typeof PROJECT_TEXT_FIELDS)[number]>;

export interface AdditionalProjectItem {
  readonly title: string;
  readonly description: string;
}

export interface WorkEntryItem {
  readonly id: string;
  readonly company: string;
  readonly role: string;
  readonly period: string;
  readonly location?: string;
  readonly type?: string;
  readonly description?: string;
  readonly responsibilities?: readonly string[];
  readonly technologies?: readonly string[];
  readonly note?: string | null;
  readonly additionalProjects?: readonly AdditionalProjectItem[] | null;
  readonly achievement?: string | null;
  readonly translations?: Translations<WorkEntryText>;
}

export const WORK_ENTRY_TEXT_FIELDS = [
  'role',
  'period',
  'location',
  'type',
  'description',
  'responsibilities',
  'note',
  'achievement',
] as const satisfies readonly (keyof WorkEntryItem)[];
export type WorkEntryText = Pick<WorkEntryItem, (typeof WORK_ENTRY_TEXT_FIELDS)[number]>;

export interface SkillItem {
  readonly id: string;
  readonly name: string;
  readonly projects?: readonly string[];
}

export interface SkillCategoryItem {
  readonly id: string;
  readonly title: string;
  readonly iconName?: string;
  readonly iconColor?: string;
  readonly skills?: readonly SkillItem[];
  readonly translations?: Translations<SkillCategoryText>;
}

export const SKILL_CATEGORY_TEXT_FIELDS = ['title'] as const satisfies readonly (keyof SkillCategoryItem)[];
export type SkillCategoryText = Pick<SkillCategoryItem, (typeof SKILL_CATEGORY_TEXT_FIELDS)[number]>;

export interface AwardItem {
  readonly id: string;
  readonly title: string;
  readonly organization: string;
  readonly year: string;
  readonly description?: string;
  readonly iconName?: string;
  readonly bgColor?: string;
  readonly translations?: Translations<AwardText>;
}

export const AWARD_TEXT_FIELDS = ['title', 'organization', 'description'] as const satisfies readonly (keyof AwardItem)[];
export type AwardText = Pick<AwardItem, (typeof AWARD_TEXT_FIELDS)[number]>;

export interface CertificationItem {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly iconType?: string;
  readonly link?: string;
  readonly linkText?: string;
  readonly badgeImageUrl?: string | null;
  readonly issuedAt?: string | null;
  readonly expiresAt?: string | null;
  /** `manual` when left out; otherwise the provider that synced it, which `externalId` identifies there. */
  readonly source?: string;
  readonly externalId?: string | null;
  /** false locks a synced entry: the certification sync never changes it. */
  readonly syncEnabled?: boolean;
  readonly translations?: Translations<CertificationText>;
}

export const CERTIFICATION_TEXT_FIELDS = ['title', 'description', 'linkText'] as const satisfies readonly (keyof CertificationItem)[];
export type CertificationText = Pick<CertificationItem, (typeof CERTIFICATION_TEXT_FIELDS)[number]>;
