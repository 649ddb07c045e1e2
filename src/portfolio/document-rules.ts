import type { ValidationIssue } from '@/common/validation/request-validation.exception';
import { type ContentDomain, type DocumentParts, DOMAIN_DECLARATIONS, FOLLOWING_DOMAINS, LIST_DOMAINS } from '@/content';
import { unknownProject } from '@/skills/project-links';

interface Keyed {
  key: string;
  loc: (string | number)[];
}

/** The second and later uses of a key among these, each as an issue naming where it was first. */
function repeated(keyed: Keyed[]): ValidationIssue[] {
  const first = new Map<string, Keyed>();
  return keyed.flatMap((entry) => {
    const earlier = first.get(entry.key);
    if (!earlier) {
      first.set(entry.key, entry);
      return [];
    }
    return [{ loc: entry.loc, msg: `Value error, used twice: also at ${earlier.loc.join('.')}`, type: 'value_error' }];
  });
}

/**
 * What the document's types cannot say, in the parts it holds: a key used twice in one list (a
 * slug, an id, a synced certification's provider and id), a skill id used twice across categories,
 * and a skill naming a project the document does not hold. Parts that hold skills hold the projects
 * too (`checkedWith`).
 */
export function documentIssues(document: DocumentParts): ValidationIssue[] {
  return [...duplicateKeys(document), ...unknownProjectLinks(document)];
}

/**
 * The domains whose parts the rules must see with these to check them: a domain and those that
 * follow it (the projects and the skills that name them) are checked together.
 */
export const checkedWith = (domains: readonly ContentDomain[]): ContentDomain[] => [
  ...new Set(
    domains.flatMap((domain) =>
      Object.entries(FOLLOWING_DOMAINS).flatMap(([leader, followers]) =>
        leader === domain || followers.includes(domain) ? [leader as ContentDomain, ...followers] : [],
      ),
    ),
  ),
];

/** Each slug in a skill's `projects` that no project of the document has. */
function unknownProjectLinks({ projects = [], skills = [] }: DocumentParts): ValidationIssue[] {
  const slugs = new Set(projects.map((project) => project.slug));
  return skills.flatMap((category, i) =>
    (category.skills ?? []).flatMap((skill, j) =>
      (skill.projects ?? []).flatMap((slug, k) =>
        slugs.has(slug) ? [] : [{ loc: ['skills', i, 'skills', j, 'projects', k], msg: unknownProject(slug), type: 'value_error' }],
      ),
    ),
  );
}

/** Each list's items by their id (the declaration's key), then the keys that span items: skills across categories, synced certifications. */
function duplicateKeys(document: DocumentParts): ValidationIssue[] {
  const { skills = [], certifications = [] } = document;
  return [
    ...LIST_DOMAINS.flatMap((list) => {
      const id = DOMAIN_DECLARATIONS[list].id;
      return repeated(
        ((document[list] ?? []) as readonly object[]).map((item, i) => ({
          key: String(Reflect.get(item, id)).toLowerCase(),
          loc: [list, i, id],
        })),
      );
    }),
    ...repeated(
      skills.flatMap((category, i) =>
        (category.skills ?? []).map((skill, j) => ({ key: skill.id.toLowerCase(), loc: ['skills', i, 'skills', j, 'id'] })),
      ),
    ),
    ...repeated(
      certifications.flatMap((item, i) =>
        item.source && item.source !== 'manual' && item.externalId
          ? [{ key: `${item.source}/${item.externalId}`, loc: ['certifications', i, 'externalId'] }]
          : [],
      ),
    ),
  ];
}
