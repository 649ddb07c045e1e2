import { isUUID } from 'class-validator';
import { DEMO_CONTENT } from './demo-content';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const { projects, experience, skills, awards, certifications } = DEMO_CONTENT;

describe('the built-in data set', () => {
  it('holds the minimum the decisions ask for', () => {
    expect(projects.length).toBeGreaterThanOrEqual(6);
    expect(experience.length).toBeGreaterThanOrEqual(4);
    expect(skills.length).toBeGreaterThanOrEqual(5);
    expect(awards.length).toBeGreaterThanOrEqual(3);
    expect(certifications.length).toBeGreaterThanOrEqual(4);
    expect(certifications.some((certification) => (certification.source ?? 'manual') === 'manual')).toBe(true);
  });

  it('sets every optional field at least once', () => {
    for (const field of ['embeddedApp', 'publicationUrl', 'thesisUrl'] as const) {
      expect(projects.some((project) => project[field])).toBe(true);
    }
    for (const field of ['note', 'additionalProjects', 'achievement'] as const) {
      expect(experience.some((entry) => entry[field])).toBe(true);
    }
    for (const field of ['badgeImageUrl', 'issuedAt', 'expiresAt'] as const) {
      expect(certifications.some((certification) => certification[field])).toBe(true);
    }
  });

  it('gives every project a unique, valid slug and a full detail', () => {
    expect(new Set(projects.map((project) => project.slug)).size).toBe(projects.length);
    for (const project of projects) {
      expect(project.slug).toMatch(SLUG);
      expect(project.demo).toBe(`/projects/${project.slug}`);
      expect(project.results?.length).toBeGreaterThan(0);
      expect(project.responsibilities?.length).toBeGreaterThan(0);
    }
  });

  it('names only existing projects from skills, by slug', () => {
    const slugs = new Set(projects.map((project) => project.slug));
    for (const skill of skills.flatMap((category) => category.skills ?? [])) {
      for (const project of skill.projects ?? []) expect(slugs).toContain(project);
    }
  });

  it('addresses every entry, category, skill, award and certification by a unique UUID', () => {
    const ids = [...experience, ...skills, ...skills.flatMap((category) => category.skills ?? []), ...awards, ...certifications].map(
      (item) => item.id,
    );
    expect(ids.every((id) => isUUID(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names the provider and its id for every synced certification, and locks it', () => {
    for (const certification of certifications.filter((item) => item.source && item.source !== 'manual')) {
      expect(certification).toMatchObject({ externalId: expect.any(String), syncEnabled: false });
    }
  });
});
