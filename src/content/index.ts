export * from './content.types';
export { PROJECTS } from './projects.content';
export { WORK_ENTRIES } from './experience.content';
export { SKILL_CATEGORIES } from './skills.content';
export { AWARDS, CERTIFICATIONS } from './credentials.content';
export { PROFILE } from './profile.content';
