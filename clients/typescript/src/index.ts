import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import { thumbHashToDataURL } from 'thumbhash';
import type { components, ErrorDetail, HTTPValidationError, ImageSet, paths } from './schema.ts';

/** Every schema of the description as a type of its name (`ProjectCard`, `MediaItem`, `ContentDraft`…), and the paths and operations. */
export type * from './schema.ts';

/** The service's bodies and answers, by their names in the description. */
export type Schemas = components['schemas'];

/** The languages of the CV (and of CVDownloadRequest's `lang`). */
export type CVLanguage = NonNullable<Schemas['CVDownloadRequest']['lang']>;

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
    bodySerializer: filesAsTheyAre,
    ...options,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: token === undefined ? headers : { ...headers, Authorization: `Bearer ${token}` },
  });
}

/** A file (a Blob, a File) is sent as its bytes; anything else as JSON (openapi-fetch would write a Blob as `{}`). */
const filesAsTheyAre = (body: unknown): Blob | string => (body instanceof Blob ? body : JSON.stringify(body));

/** A file as a request's body, with its own type. */
const fileBody = (file: Blob, type: string) => ({ body: file as unknown as string, headers: { 'Content-Type': type } });

/** Uploads a picture (a File from an `<input type="file">`, or any Blob of a JPEG, PNG, WebP or AVIF) as the owner's media. */
export function uploadMedia(client: PortfolioClient, picture: Blob) {
  return client.POST('/api/admin/media', fileBody(picture, picture.type));
}

/** Uploads the CV of a language (a PDF). */
export function uploadCv(client: PortfolioClient, lang: CVLanguage, pdf: Blob) {
  return client.PUT('/api/admin/cv/{lang}', { params: { path: { lang } }, ...fileBody(pdf, 'application/pdf') });
}

/** Where the browser downloads the CV: PATCH /api/download-cv gives a site-relative path, made absolute here. */
export async function cvDownloadUrl(client: PortfolioClient, baseUrl: string, lang: CVLanguage = 'english'): Promise<string> {
  const { data, error } = await client.PATCH('/api/download-cv', { body: { lang } });
  if (error !== undefined) throw new Error(isValidationError(error) ? JSON.stringify(error.detail) : error.detail);
  return new URL(data.downloadUrl, baseUrl).href;
}

const attribute = (value: string | number): string => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The image set's placeholder (a ThumbHash) as a data: URL of a tiny PNG, to paint before the picture arrives. */
export function placeholderUrl(imageSet: ImageSet): string {
  return thumbHashToDataURL(Uint8Array.from(atob(imageSet.placeholder), (character) => character.charCodeAt(0)));
}

/**
 * The `<picture>` of an uploaded picture's image set, absolute against `baseUrl`: AVIF and WebP
 * sources with every width, the fallback as `<img>` with its size (no layout shift) and alt, its
 * placeholder painted behind it until it arrives, and `sizes` as the page lays it out.
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
  const placeholder = `background:url(${placeholderUrl(imageSet)}) center/cover no-repeat`;
  const img = `<img src="${attribute(new URL(imageSet.fallback, baseUrl).href)}" width="${imageSet.width}" height="${imageSet.height}" alt="${attribute(imageSet.alt)}" loading="lazy" style="${attribute(placeholder)}">`;
  return `<picture>${sources.join('')}${img}</picture>`;
}
