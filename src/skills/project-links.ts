/** A skill names the projects that used it by slug: the words of a 422 for one that names no project. */
export const unknownProject = (slug: string): string => `Value error, no project has the slug "${slug}"`;
