import { type Language, LANGUAGES } from '@/content';

/** A page of the site, by its path in English (`/`, `/projects/tidewatch`). */
export type PagePath = string;

export const HOME: PagePath = '/';

/** A project's page: its `demo` when that is a path on the site, else `/projects/{slug}`. */
export const projectPage = ({ slug, demo }: { slug: string; demo: string }): PagePath =>
  demo.startsWith('/') && !demo.startsWith('//') ? demo : `/projects/${slug}`;

/** Where the site lives, and where each language's pages live on it: what every absolute link is made from. */
export class SiteAddress {
  constructor(
    /** SITE_URL or the profile's website, without a trailing slash. */
    readonly origin: string,
    private readonly prefixes: Readonly<Record<Language, string>>,
  ) {}

  /** The page in the language: `https://marajansen.example/nl/projects/tidewatch`. */
  url(path: PagePath, language: Language): string {
    return `${this.origin}${this.prefixes[language]}${path}`;
  }

  /** The page in every language. */
  versions(path: PagePath): { language: Language; url: string }[] {
    return LANGUAGES.map((language) => ({ language, url: this.url(path, language) }));
  }

  /** A path of the service as the site serves it (`/api/media/…`); an absolute URL stays as it is. */
  resource(pathOrUrl: string): string {
    return pathOrUrl.startsWith('/') ? `${this.origin}${pathOrUrl}` : pathOrUrl;
  }

  get host(): string {
    return new URL(this.origin).host;
  }
}
