import { Injectable } from '@nestjs/common';
import type { Feed } from 'feed';
import escapeHtml from 'escape-html';
import { type Language, LANGUAGE_TAGS } from '@/content';
import { printableText } from '@/common/validation/printable-text';
import { TypedBody } from '@/read-model/typed-body';
import { HOME, projectPage } from './site-address';
import { latest, type Site, SitePages } from './site-pages';

interface JsonFeed1 {
  author?: object;
  items: { content_html: string }[];
}

/** What a feed's times fall back to when the content has none (no profile, no projects): fixed, so every instance answers the same bytes. */
const NEVER = new Date(0);

/** The projects as feeds a reader subscribes to (made by the `feed` package): Atom 1.0 and JSON Feed 1.1, newest first. */
@Injectable()
export class FeedsService {
  constructor(private readonly pages: SitePages) {}

  /**
   * Well-formed whatever the content holds: a character XML cannot carry (stored before owner text
   * refused it, or by SQL typed by hand) is left out.
   */
  async atom(language: Language): Promise<TypedBody> {
    // Atom's entries declare their title and summary HTML: plain text is escaped to read as itself.
    const feed = await this.feed(language, printableText, (plain) => escapeHtml(printableText(plain)));
    return new TypedBody('application/atom+xml; charset=utf-8', feed.atom1());
  }

  /**
   * The `feed` package writes JSON Feed 1, the description as `content_html`. Lifted here to 1.1,
   * which this read promises: `language`, the authors in a list, and the description as the plain
   * text it is (`content_text`).
   */
  async json(language: Language): Promise<TypedBody> {
    const asItIs = (text: string) => text;
    const { author, items, ...version1 } = JSON.parse((await this.feed(language, asItIs, asItIs)).json1()) as JsonFeed1;
    const feed = {
      ...version1,
      version: 'https://jsonfeed.org/version/1.1',
      language: LANGUAGE_TAGS[language],
      ...(author ? { authors: [author] } : {}),
      items: items.map(({ content_html, ...item }) => ({ ...item, content_text: content_html })),
    };
    return TypedBody.json(JSON.stringify(feed), 'application/feed+json');
  }

  /** `text`: how a plain text is written; `html`: how a plain text is written where the format takes HTML (an entry's title and summary). */
  private async feed(language: Language, text: (plain: string) => string, html: (plain: string) => string): Promise<Feed> {
    const site = await this.pages.site(language);
    const { address, profile } = site;
    const entries = newestFirst(site);
    const home = address.url(HOME, language);
    const { Feed } = await import('feed');
    const feed = new Feed({
      id: home,
      link: home,
      title: text(profile ? `${profile.name}: projects` : `${address.host}: projects`),
      description: text(profile?.headline[language] ?? '') || undefined,
      language: LANGUAGE_TAGS[language],
      updated: latest([site.profileChangedAt, ...entries.map(({ times }) => times?.updatedAt)]) ?? NEVER,
      generator: 'Portfolio Content Service',
      author: profile ? { name: text(profile.name), link: home } : undefined,
      copyright: profile ? text(`© ${profile.name}`) : undefined,
    });
    for (const { project, times } of entries) {
      const url = address.url(projectPage(project), language);
      feed.addItem({
        id: url,
        link: url,
        title: html(project.title),
        description: html(project.description),
        date: times?.updatedAt ?? NEVER,
        published: times?.createdAt,
        image: project.imageSet && address.resource(site.previews.get(project.image) ?? project.imageSet.fallback),
        category: project.technologies.map((name) => ({ name: text(name), term: text(name) })),
      });
    }
    return feed;
  }
}

/** The projects by when they were made, the newest first (display order among equals). */
const newestFirst = ({ projects, times }: Site) =>
  projects
    .map((project) => ({ project, times: times.get(project.slug) }))
    .sort((a, b) => (b.times?.createdAt.getTime() ?? 0) - (a.times?.createdAt.getTime() ?? 0));
