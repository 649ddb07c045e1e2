import { isUUID } from 'class-validator';
import { AWARDS, CERTIFICATIONS, PROJECTS, SKILL_CATEGORIES, WORK_ENTRIES } from '.';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('the built-in data set', () => {
  it('holds the minimum the decisions ask for', () => {
    expect(PROJECTS.length).toBeGreaterThanOrEqual(6);
    expect(WORK_ENTRIES.length).toBeGreaterThanOrEqual(4);
    expect(SKILL_CATEGORIES.length).toBeGreaterThanOrEqual(5);
    expect(AWARDS.length).toBeGreaterThanOrEqual(3);
    expect(CERTIFICATIONS.length).toBeGreaterThanOrEqual(4);
    expect(CERTIFICATIONS.some((certification) => certification.source === 'manual')).toBe(true);
  });

  it('sets every optional field at least once', () => {
    for (const field of ['embeddedApp', 'publicationUrl', 'thesisUrl'] as const) {
      expect(PROJECTS.some((project) => project[field] !== null)).toBe(true);
    }
    for (const field of ['note', 'additionalProjects', 'achievement'] as const) {
      expect(WORK_ENTRIES.some((entry) => entry[field] !== null)).toBe(true);
    }
    for (const field of ['badgeImageUrl', 'issuedAt', 'expiresAt'] as const) {
      expect(CERTIFICATIONS.some((certification) => certification[field] !== null)).toBe(true);
    }
  });

  it('gives every project a unique, valid slug and a full detail', () => {
    expect(new Set(PROJECTS.map((project) => project.slug)).size).toBe(PROJECTS.length);
    for (const project of PROJECTS) {
      expect(project.slug).toMatch(SLUG);
      expect(project.demo).toBe(`/projects/${project.slug}`);
      expect(project.results.length).toBeGreaterThan(0);
      expect(project.responsibilities.length).toBeGreaterThan(0);
    }
  });

  it('names only existing projects from skills', () => {
    const titles = new Set(PROJECTS.map((project) => project.title));
    for (const skill of SKILL_CATEGORIES.flatMap((category) => category.skills)) {
      for (const project of skill.projects) expect(titles).toContain(project);
    }
  });

  it('addresses every entry, category, skill, award and certification by a unique UUID', () => {
    const ids = [
      ...WORK_ENTRIES,
      ...SKILL_CATEGORIES,
      ...SKILL_CATEGORIES.flatMap((category) => category.skills),
      ...AWARDS,
      ...CERTIFICATIONS,
    ].map((item) => item.id);
    expect(ids.every((id) => isUUID(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
