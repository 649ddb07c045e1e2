import { Injectable } from '@nestjs/common';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS } from '@/content';
import { TypedBody } from '@/read-model/typed-body';
import { HOME, type PagePath, projectPage } from './site-address';
import { latest, SitePages } from './site-pages';

/** A page of the sitemap: its path and when what it shows last changed. */
interface Page {
  path: PagePath;
  changedAt: Date | undefined;
}

/** What a search engine reads to find every page: the sitemap (made by the `sitemap` package) and robots.txt. */
@Injectable()
export class SitemapService {
  constructor(private readonly pages: SitePages) {}

  /**
   * sitemaps.org 0.9: the home page and each project's page, once per language, each naming its
   * versions in every language and the English one as x-default (the form search engines ask for).
   */
  async sitemap(): Promise<TypedBody> {
    const { address, projects, times, profileChangedAt } = await this.pages.site(DEFAULT_LANGUAGE);
    const projectPages: Page[] = projects.map((project) => ({ path: projectPage(project), changedAt: times.get(project.slug)?.updatedAt }));
    const home: Page = { path: HOME, changedAt: latest([profileChangedAt, ...projectPages.map((page) => page.changedAt)]) };
    const { SitemapStream, streamToPromise } = await import('sitemap');
    const stream = new SitemapStream({ xmlns: { xhtml: true, news: false, image: false, video: false } });
    for (const { path, changedAt } of [home, ...projectPages]) {
      const versions = address.versions(path);
      const links = [
        ...versions.map(({ language, url }) => ({ lang: LANGUAGE_TAGS[language], url })),
        { lang: 'x-default', url: address.url(path, DEFAULT_LANGUAGE) },
      ];
      for (const { url } of versions) stream.write({ url, lastmod: changedAt?.toISOString(), links });
    }
    stream.end();
    return new TypedBody('application/xml; charset=utf-8', await streamToPromise(stream));
  }

  /** Every crawler may read everything; the sitemap is where the frontend serves it. */
  async robots(): Promise<TypedBody> {
    const { address } = await this.pages.address();
    return new TypedBody('text/plain; charset=utf-8', `User-agent: *\nAllow: /\n\nSitemap: ${address.origin}/sitemap.xml\n`);
  }
}
