/** Shapes of the built-in data set. They match the public read shapes, so both modes answer alike. */

export interface ProjectContent {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly longDescription: string;
  readonly technologies: readonly string[];
  readonly category: string;
  readonly status: string;
  readonly impact: string;
  readonly demo: string;
  readonly image: string;
  readonly client: string;
  readonly overview: string;
  readonly challenge: string;
  readonly solution: string;
  readonly results: readonly string[];
  readonly responsibilities: readonly string[];
  readonly embeddedApp: string | null;
  readonly publicationUrl: string | null;
  readonly thesisUrl: string | null;
}

export interface AdditionalProjectContent {
  readonly title: string;
  readonly description: string;
}

export interface WorkEntryContent {
  readonly id: string;
  readonly company: string;
  readonly role: string;
  readonly period: string;
  readonly location: string;
  readonly type: string;
  readonly description: string;
  readonly responsibilities: readonly string[];
  readonly technologies: readonly string[];
  readonly note: string | null;
  readonly additionalProjects: readonly AdditionalProjectContent[] | null;
  readonly achievement: string | null;
}

export interface SkillContent {
  readonly id: string;
  readonly name: string;
  readonly projects: readonly string[];
}

export interface SkillCategoryContent {
  readonly id: string;
  readonly title: string;
  readonly iconName: string;
  readonly iconColor: string;
  readonly skills: readonly SkillContent[];
}

export interface AwardContent {
  readonly id: string;
  readonly title: string;
  readonly organization: string;
  readonly year: string;
  readonly description: string;
  readonly iconName: string;
  readonly bgColor: string;
}

export interface CertificationContent {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly iconType: string;
  readonly link: string;
  readonly linkText: string;
  readonly source: string;
  readonly badgeImageUrl: string | null;
  readonly issuedAt: string | null;
  readonly expiresAt: string | null;
}

/** Text written once per CV language. */
export interface Localised {
  readonly english: string;
  readonly nederlands: string;
}

export interface ProfileContent {
  readonly name: string;
  readonly location: string;
  readonly email: string;
  readonly website: string;
  readonly headline: Localised;
  readonly summary: Localised;
}
