import {
  AWARD_TEXT_FIELDS,
  type AwardItem,
  CERTIFICATION_TEXT_FIELDS,
  type CertificationItem,
  type ProfileItem,
  PROJECT_TEXT_FIELDS,
  type ProjectItem,
  SKILL_CATEGORY_TEXT_FIELDS,
  type SkillCategoryItem,
  WORK_ENTRY_TEXT_FIELDS,
  type WorkEntryItem,
} from './content-document';
import type { Language } from './languages';

/** How one domain of content is kept and read: everything else about the domains follows from these. */
interface DomainDeclaration<Item> {
  /** One item (or none), or a list in display order. */
  readonly shape: 'single' | 'list';
  /**
   * What identifies an item of a list: its UUID `id` (in any case), or a key of its own as written
   * (a project's slug). The same key twice in one list is refused.
   */
  readonly id?: keyof Item & string;
  /** The fields a visitor reads in their language, which `translations` give (the profile carries every language in its texts). */
  readonly textFields?: readonly (keyof Item)[];
  /** Its section of the explorer. */
  readonly description: string;
  /** The heading of its section in the CV, per language; the default's where one is not written. */
  readonly cvHeading?: { readonly english: string } & { readonly [L in Language]?: string };
}

/** The item each domain holds. */
interface DomainItems {
  profile: ProfileItem;
  projects: ProjectItem;
  experience: WorkEntryItem;
  skills: SkillCategoryItem;
  awards: AwardItem;
  certifications: CertificationItem;
}

export type ContentDomain = keyof DomainItems;

/**
 * The content domains, in the order the content document, the explorer and the CV list them. A
 * change to a domain (through the API, the sync or SQL typed by hand: database triggers announce
 * them) invalidates every answer prepared from it.
 */
export const DOMAIN_DECLARATIONS = {
  profile: { shape: 'single', description: 'The person behind the portfolio', cvHeading: { english: 'Profile', nederlands: 'Profiel' } },
  projects: {
    shape: 'list',
    id: 'slug',
    textFields: PROJECT_TEXT_FIELDS,
    description: 'Project cards and details',
    cvHeading: { english: 'Selected projects', nederlands: 'Geselecteerde projecten' },
  },
  experience: {
    shape: 'list',
    id: 'id',
    textFields: WORK_ENTRY_TEXT_FIELDS,
    description: 'Work entries, newest first',
    cvHeading: { english: 'Work experience', nederlands: 'Werkervaring' },
  },
  skills: {
    shape: 'list',
    id: 'id',
    textFields: SKILL_CATEGORY_TEXT_FIELDS,
    description: 'Skill categories and their skills',
    cvHeading: { english: 'Skills', nederlands: 'Vaardigheden' },
  },
  awards: {
    shape: 'list',
    id: 'id',
    textFields: AWARD_TEXT_FIELDS,
    description: 'Awards',
    cvHeading: { english: 'Awards', nederlands: 'Prijzen' },
  },
  certifications: {
    shape: 'list',
    id: 'id',
    textFields: CERTIFICATION_TEXT_FIELDS,
    description: 'Certifications, written by hand or pulled from badge providers',
    cvHeading: { english: 'Certifications', nederlands: 'Certificeringen' },
  },
} as const satisfies { readonly [D in ContentDomain]: DomainDeclaration<DomainItems[D]> };

export const CONTENT_DOMAINS = Object.keys(DOMAIN_DECLARATIONS) as readonly ContentDomain[];

/** The field an item of the domain is known by (a project's slug, another item's id); none for the profile. */
export const keyFieldOf = (domain: ContentDomain): string | undefined => {
  const declaration = DOMAIN_DECLARATIONS[domain];
  return 'id' in declaration ? declaration.id : undefined;
};

export const keyOf = (domain: ContentDomain, item: unknown): string | null => {
  const field = keyFieldOf(domain);
  return field === undefined ? null : ((item as Record<string, string | undefined>)[field] ?? null);
};

/** A domain's part of a document as a list: the profile is one item, or none. */
export const asList = (part: unknown): unknown[] => (Array.isArray(part) ? part : part ? [part] : []);

/**
 * The domains whose items name another domain's and follow them (database triggers, in the same
 * transaction): a skill names projects by slug, so a project deleted or renamed changes skills.
 */
export const FOLLOWING_DOMAINS: { readonly [D in ContentDomain]?: readonly ContentDomain[] } = { projects: ['skills'] };

/** The domain whose items a follower's name, if it follows one. */
export const leaderOf = (domain: ContentDomain): ContentDomain | undefined =>
  CONTENT_DOMAINS.find((leader) => FOLLOWING_DOMAINS[leader]?.includes(domain));

/** The domains that follow these and are not among them: what a write to these may change besides. */
export const followersOf = (domains: readonly ContentDomain[]): ContentDomain[] => [
  ...new Set(domains.flatMap((domain) => FOLLOWING_DOMAINS[domain] ?? []).filter((domain) => !domains.includes(domain))),
];

export type ListDomain = { [D in ContentDomain]: (typeof DOMAIN_DECLARATIONS)[D]['shape'] extends 'list' ? D : never }[ContentDomain];

/** The domains kept as lists: every one but the profile. */
export const LIST_DOMAINS = CONTENT_DOMAINS.filter((domain): domain is ListDomain => DOMAIN_DECLARATIONS[domain].shape === 'list');

export const isContentDomain = (value: string): value is ContentDomain => Object.hasOwn(DOMAIN_DECLARATIONS, value);

/** A domain's part of a content document: its item or null, or its list. */
export type DocumentPart<D extends ContentDomain> = D extends ListDomain ? readonly DomainItems[D][] : DomainItems[D] | null;

/** Some domains' parts of a content document: what a draft keeps of the domains it changed. */
export type DocumentParts = { readonly [D in ContentDomain]?: DocumentPart<D> };

/** The domains a set of parts holds, in the declaration's order. */
export const domainsOf = (parts: DocumentParts): ContentDomain[] => CONTENT_DOMAINS.filter((domain) => Object.hasOwn(parts, domain));

/**
 * The whole portfolio as one JSON document: what the service serves without a database, what an
 * empty database is seeded from, and (with version 1) what an admin exports and imports. Each list
 * is in display order; each item is its create model plus its id (the slug for projects). Optional
 * fields may be left out: they take the value a create would give them.
 */
export type ContentDocument = { readonly version: 1 } & { readonly [D in ContentDomain]: DocumentPart<D> };
