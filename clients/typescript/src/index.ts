import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

/** The service's bodies and answers, by their names in the description. */
export type Schemas = components['schemas'];

export type Profile = Schemas['Profile'];
export type ProjectCard = Schemas['ProjectCard'];
export type ProjectDetail = Schemas['ProjectDetail'];
export type ImageSet = Schemas['ImageSet'];
export type WorkEntry = Schemas['WorkEntry'];
export type SkillCategory = Schemas['SkillCategory'];
export type Award = Schemas['Award'];
export type Certification = Schemas['Certification'];
export type FeatureFlagsResponse = Schemas['FeatureFlagsResponse'];
export type FeatureFlagsUpdate = Schemas['FeatureFlagsUpdate'];
export type ContactRequest = Schemas['ContactRequest'];
export type CVStatus = Schemas['CVStatus'];
/** The languages of the CV (and of CVDownloadRequest's `lang`). */
export type CVLanguage = NonNullable<Schemas['CVDownloadRequest']['lang']>;

/** What every error answer but 422 carries: `{ detail: string }`. */
export type ErrorDetail = Schemas['ErrorDetail'];
/** One failed field of a 422: where (`['body', 'title']`), what was wrong, and its kind (`missing`, `string_too_long`…). */
export type ValidationError = Schemas['ValidationError'];
/** A 422: `{ detail: ValidationError[] }`, one item per failed field. */
export type HTTPValidationError = Schemas['HTTPValidationError'];
/** Any error answer of the service. */
export type ServiceError = ErrorDetail | HTTPValidationError;

/** Whether an error answer is a 422's list of failed fields (otherwise its `detail` is a sentence). */
export function isValidationError(error: ServiceError | undefined): error is HTTPValidationError {
  return error !== undefined && Array.isArray(error.detail);
}

export type PortfolioClient = Client<paths>;

export interface PortfolioClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the service answers, e.g. https://api.example.com (the paths start with /api). */
  baseUrl: string;
  /** An admin's bearer token (API_ADMIN_TOKEN or an Entra ID access token); public reads need none. */
  token?: string;
}

/**
 * A client for every operation of the Portfolio Content Service, typed from its description:
 * `client.GET('/api/projects/{project_id}', { params: { path: { project_id: 'tidewatch' } } })`
 * answers `{ data, error, response }`, with `data` typed as the operation's success body and
 * `error` as its error bodies.
 */
export function createPortfolioClient({ baseUrl, token, headers, ...options }: PortfolioClientOptions): PortfolioClient {
  return createClient<paths>({
    ...options,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: token === undefined ? headers : { ...headers, Authorization: `Bearer ${token}` },
  });
}

/** Where the browser downloads the CV: PATCH /api/download-cv gives a site-relative path, made absolute here. */
export async function cvDownloadUrl(client: PortfolioClient, baseUrl: string, lang: CVLanguage = 'english'): Promise<string> {
  const { data, error } = await client.PATCH('/api/download-cv', { body: { lang } });
  if (error !== undefined) throw new Error(isValidationError(error) ? JSON.stringify(error.detail) : error.detail);
  return new URL(data.downloadUrl, baseUrl).href;
}

const attribute = (value: string | number): string => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The `<picture>` of an uploaded picture's image set, absolute against `baseUrl`: AVIF and WebP
 * sources with every width, the fallback as `<img>` with its size (no layout shift) and alt, and
 * `sizes` as the page lays it out.
 */
export function pictureHtml(imageSet: ImageSet, baseUrl: string, sizes = '100vw'): string {
  const absolute = (srcset: string) =>
    srcset
      .split(', ')
      .map((candidate) => {
        const [url, width] = candidate.split(' ');
        return `${new URL(url, baseUrl).href} ${width}`;
      })
      .join(', ');
  const sources = imageSet.sources.map(
    (source) => `<source type="${attribute(source.type)}" srcset="${attribute(absolute(source.srcset))}" sizes="${attribute(sizes)}">`,
  );
  const img = `<img src="${attribute(new URL(imageSet.fallback, baseUrl).href)}" width="${imageSet.width}" height="${imageSet.height}" alt="${attribute(imageSet.alt)}" loading="lazy">`;
  return `<picture>${sources.join('')}${img}</picture>`;
}
