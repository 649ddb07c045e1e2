/**
 * What a portfolio SPA does with the service, through the typed client: reads every section,
 * sends a contact message, finds the CV download and reads the flags. Run with the service's
 * address: `node clients/typescript/examples/spa.ts http://localhost:8000`. Prints a summary.
 */
import { cvDownloadUrl, createPortfolioClient, isValidationError, pictureHtml, type ProjectCard } from '../src/index.ts';

const baseUrl = process.argv[2] ?? 'http://localhost:8000';
const client = createPortfolioClient({ baseUrl });

const { data: profile } = await client.GET('/api/profile');
const { data: projects = [] } = await client.GET('/api/projects');
const first: ProjectCard | undefined = projects[0];
const { data: detail } = first ? await client.GET('/api/projects/{project_id}', { params: { path: { project_id: first.slug } } }) : {};
const { data: experience = [] } = await client.GET('/api/experience', { params: { query: { top: 2 } } });
const { data: skills = [] } = await client.GET('/api/skills');
const { data: awards = [] } = await client.GET('/api/awards');
const { data: certifications = [] } = await client.GET('/api/certifications');
const { data: flags } = await client.GET('/api/feature-flags');

const contact = await client.POST('/api/contact', {
  body: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'I would like to talk about a data project.' },
});
if (contact.error !== undefined) throw new Error(`contact: ${JSON.stringify(contact.error)}`);

const missing = await client.GET('/api/projects/{project_id}', { params: { path: { project_id: 'no-such-project' } } });
const invalid = await client.GET('/api/experience', { params: { query: { top: -1 } } });

/** The types hold a client to what the server takes: a PUT replaces a project, so it must name its title and description. */
export const replaceWithNothing = () =>
  createPortfolioClient({ baseUrl, token: 'an admin token' }).PUT('/api/projects/{slug}', {
    params: { path: { slug: 'tidewatch' } },
    // @ts-expect-error title and description are required by PUT /api/projects/{slug}
    body: {},
  });

process.stdout.write(
  JSON.stringify({
    name: profile?.name,
    projects: projects.map((project) => project.slug),
    firstProject: detail?.title,
    // A card whose image is an uploaded picture carries its image set: one <picture>, no other request.
    pictures: projects.flatMap((project) =>
      project.imageSet ? [pictureHtml(project.imageSet, baseUrl, '(min-width: 60rem) 30vw, 100vw')] : [],
    ),
    next: detail?.navigation.next?.slug ?? null,
    experience: experience.map((entry) => entry.company),
    skillCategories: skills.map((category) => category.title),
    awards: awards.length,
    certifications: certifications.length,
    contact: contact.data.success,
    cv: await cvDownloadUrl(client, baseUrl, 'nederlands'),
    cvGeneration: flags?.cvGeneration,
    notFound: { status: missing.response.status, detail: missing.error?.detail },
    invalid: isValidationError(invalid.error) ? invalid.error.detail.map((issue) => issue.loc.join('.')) : null,
  }),
);
