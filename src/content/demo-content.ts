import type { ContentDocument } from '@/content/content-domains';
import { AWARDS, CERTIFICATIONS } from './demo/credentials';
import { WORK_ENTRIES } from './demo/experience';
import { PROFILE } from './demo/profile';
import { PROJECTS } from './demo/projects';
import { SKILL_CATEGORIES } from './demo/skills';

/** When the built-in data set last changed: its items' times where it is served. */
export const DEMO_CONTENT_CHANGED_AT = new Date('2026-11-01T00:00:00Z');

/** The built-in data set: a fictional engineer's portfolio, served until the owner brings their own. */
export const DEMO_CONTENT: ContentDocument = {
  version: 1,
  profile: PROFILE,
  projects: PROJECTS,
  experience: WORK_ENTRIES,
  skills: SKILL_CATEGORIES,
  awards: AWARDS,
  certifications: CERTIFICATIONS,
};
