import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { siteConfig } from '@/config/site.config';
import { DEFAULT_LANGUAGE, type Language, LANGUAGE_TAGS, LANGUAGES, perLanguage } from '@/content';
import { ConfigurationError } from '@/config/validate-config';
import type { ItemTimes } from '@/content-store/ordered-collection';
import { ImageSets } from '@/media/image-sets';
import type { ProfileDto } from '@/profile/dto/profile.dto';
import { ProfileService } from '@/profile/profile.service';
import type { ProjectCardDto } from '@/projects/dto/project-card.dto';
import { ProjectsService } from '@/projects/projects.service';
import { SiteAddress } from './site-address';

export const NO_SITE_ADDRESS = "No site address: set SITE_URL, or the profile's website";

/** The site as crawlers see it: its address, whose it is, and its projects with their times. */
export interface Site {
  address: SiteAddress;
  profile: ProfileDto | null;
  projects: ProjectCardDto[];
  times: Map<string, ItemTimes>;
  profileChangedAt: Date | undefined;
  /** Each uploaded picture the projects name, at the size link previews link it. */
  previews: Map<string, string>;
}

/** What every discoverability read starts from: the content, read once, and where the site lives. */
@Injectable()
export class SitePages {
  private readonly prefixes: Readonly<Record<Language, string>>;

  constructor(
    @Inject(siteConfig.KEY) private readonly config: ConfigType<typeof siteConfig>,
    private readonly profiles: ProfileService,
    private readonly projects: ProjectsService,
    private readonly imageSets: ImageSets,
  ) {
    this.prefixes = languagePrefixes(config.languagePrefixes);
  }

  /**
   * The site with its projects in `language`; 404 naming SITE_URL when it has no address. One read
   * after the other: inside a transaction (a draft's preview) they share one connection.
   */
  async site(language: Language): Promise<Site> {
    const { address, profile } = await this.address();
    const projects = await this.projects.findAll(language);
    const times = await this.projects.timesOf();
    const previews = await this.previewsOf(projects.map((project) => project.image));
    return { address, profile, projects, times, profileChangedAt: await this.profiles.changedAt(), previews };
  }

  /** Each of these content URLs that names an uploaded picture, at the size link previews, feeds and structured data link it. */
  previewsOf(urls: readonly string[]): Promise<Map<string, string>> {
    return this.imageSets.previews(urls);
  }

  /** The site's address and whose it is (the profile as visitors read it); 404 naming SITE_URL when it has no address. */
  async address(): Promise<{ address: SiteAddress; profile: ProfileDto | null }> {
    const profile = await this.profiles.findAsRead();
    const origin = this.config.url ?? (profile?.website ? profile.website.replace(/\/+$/, '') : undefined);
    if (!origin) throw new NotFoundException({ detail: NO_SITE_ADDRESS });
    return { address: new SiteAddress(origin, this.prefixes), profile };
  }
}

/** Each language's path on the site: as configured, else English at the root and every other language under its tag (`/nl`). */
function languagePrefixes(configured: ReadonlyMap<string, string>): Record<Language, string> {
  const unknown = [...configured.keys()].filter((name) => !(LANGUAGES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new ConfigurationError(
      `Invalid configuration: SITE_LANGUAGE_PREFIXES names ${unknown.join(', ')}; the languages are ${LANGUAGES.join(', ')}`,
    );
  }
  return perLanguage((language) => configured.get(language) ?? (language === DEFAULT_LANGUAGE ? '' : `/${LANGUAGE_TAGS[language]}`));
}

/** The latest of some times, if any. */
export const latest = (times: readonly (Date | undefined)[]): Date | undefined =>
  times.reduce<Date | undefined>((found, time) => (time && (!found || time > found) ? time : found), undefined);
