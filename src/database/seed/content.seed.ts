import type { DataSource, QueryRunner } from 'typeorm';
import { AWARDS, CERTIFICATIONS, PROJECTS, SKILL_CATEGORIES, WORK_ENTRIES } from '@/content';

type Row = Record<string, unknown>;

const CONTENT_TABLES = ['projects', 'work_entries', 'skill_categories', 'awards', 'certifications'];
const SEED_LOCK_KEY = 'portfolio-content-seed';

/**
 * Fills a database that holds no content at all from the built-in data set, so both modes answer
 * alike. Idempotent: once any content exists it does nothing, so admin deletions are never undone.
 * The advisory lock keeps instances that start together from seeding twice.
 */
export async function seedBuiltInContent(dataSource: DataSource): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const runner = manager.queryRunner!;
    await runner.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SEED_LOCK_KEY]);
    if (await hasAnyContent(runner)) return false;
    await insertRows(
      runner,
      'projects',
      PROJECTS.map((project, index) => ({
        slug: project.slug,
        title: project.title,
        description: project.description,
        long_description: project.longDescription,
        technologies: project.technologies,
        category: project.category,
        status: project.status,
        impact: project.impact,
        demo: project.demo,
        image: project.image,
        client: project.client,
        overview: project.overview,
        challenge: project.challenge,
        solution: project.solution,
        results: project.results,
        responsibilities: project.responsibilities,
        embedded_app: project.embeddedApp,
        publication_url: project.publicationUrl,
        thesis_url: project.thesisUrl,
        sort_order: index,
      })),
    );
    await insertRows(
      runner,
      'work_entries',
      WORK_ENTRIES.map((entry, index) => ({
        id: entry.id,
        company: entry.company,
        role: entry.role,
        period: entry.period,
        location: entry.location,
        type: entry.type,
        description: entry.description,
        responsibilities: entry.responsibilities,
        technologies: entry.technologies,
        note: entry.note,
        additional_projects: entry.additionalProjects && JSON.stringify(entry.additionalProjects),
        achievement: entry.achievement,
        sort_order: index,
      })),
    );
    await insertRows(
      runner,
      'skill_categories',
      SKILL_CATEGORIES.map((category, index) => ({
        id: category.id,
        title: category.title,
        icon_name: category.iconName,
        icon_color: category.iconColor,
        sort_order: index,
      })),
    );
    await insertRows(
      runner,
      'skills',
      SKILL_CATEGORIES.flatMap((category) =>
        category.skills.map((skill, index) => ({
          id: skill.id,
          category_id: category.id,
          name: skill.name,
          projects: skill.projects,
          sort_order: index,
        })),
      ),
    );
    await insertRows(
      runner,
      'awards',
      AWARDS.map((award, index) => ({
        id: award.id,
        title: award.title,
        organization: award.organization,
        year: award.year,
        description: award.description,
        icon_name: award.iconName,
        bg_color: award.bgColor,
        sort_order: index,
      })),
    );
    // Seeded certifications are curated copies: locked so a later sync never rewrites them.
    await insertRows(
      runner,
      'certifications',
      CERTIFICATIONS.map((certification, index) => ({
        id: certification.id,
        title: certification.title,
        description: certification.description,
        icon_type: certification.iconType,
        link: certification.link,
        link_text: certification.linkText,
        source: certification.source,
        badge_image_url: certification.badgeImageUrl,
        issued_at: certification.issuedAt,
        expires_at: certification.expiresAt,
        sync_enabled: false,
        sort_order: index,
      })),
    );
    return true;
  });
}

async function hasAnyContent(runner: QueryRunner): Promise<boolean> {
  const checks = CONTENT_TABLES.map((table) => `EXISTS (SELECT 1 FROM "${table}")`).join(' OR ');
  const [{ present }] = (await runner.query(`SELECT ${checks} AS present`)) as [{ present: boolean }];
  return present;
}

async function insertRows(runner: QueryRunner, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const parameters: unknown[] = [];
  const tuples = rows.map((row) => `(${columns.map((column) => `$${parameters.push(row[column])}`).join(', ')})`);
  await runner.query(
    `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES ${tuples.join(', ')}`,
    parameters,
  );
}
