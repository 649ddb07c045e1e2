import { Injectable, NotFoundException } from '@nestjs/common';
import type { CreativeWork, PersonLeaf, WithContext } from 'schema-dts';
import { type Language, LANGUAGE_TAGS } from '@/content';
import type { ImageSetDto } from '@/media/dto/image-set.dto';
import type { ProfileDto } from '@/profile/dto/profile.dto';
import { ProjectsService } from '@/projects/projects.service';
import { TypedBody } from '@/read-model/typed-body';
import { HOME, projectPage, type SiteAddress } from './site-address';
import { SitePages } from './site-pages';

const LD_JSON = 'application/ld+json';

/** schema.org JSON-LD, typed by `schema-dts`: what a page embeds for search engines to read whose it is and what it shows. */
@Injectable()
export class StructuredDataService {
  constructor(
    private readonly pages: SitePages,
    private readonly projects: ProjectsService,
  ) {}

  /** The Person the site is about, from the profile (404 while none is set). */
  async person(language: Language): Promise<TypedBody> {
    const { address, profile } = await this.pages.address();
    const owner = requireProfile(profile);
    const previews = await this.pages.previewsOf([owner.photo]);
    const person: WithContext<PersonLeaf> = { '@context': 'https://schema.org', ...personOf(owner, address, language, previews) };
    return ldJson(person);
  }

  /** A project as a CreativeWork by the Person, in the language read. */
  async project(slug: string, language: Language): Promise<TypedBody> {
    const { address, profile } = await this.pages.address();
    const project = await this.projects.findDetail(slug, language);
    const times = (await this.projects.timesOf()).get(slug);
    const previews = await this.pages.previewsOf(profile ? [project.image, profile.photo] : [project.image]);
    const image = pictureOf(project.image, project.imageSet, previews);
    const work: WithContext<CreativeWork> = {
      '@context': 'https://schema.org',
      '@type': 'CreativeWork',
      name: project.title,
      description: project.description,
      url: address.url(projectPage(project), language),
      inLanguage: LANGUAGE_TAGS[language],
      keywords: project.technologies.join(', ') || undefined,
      image: image ? address.resource(image) : undefined,
      dateCreated: times?.createdAt.toISOString(),
      dateModified: times?.updatedAt.toISOString(),
      author: profile ? personOf(profile, address, language, previews) : undefined,
    };
    return ldJson(work);
  }
}

function personOf(profile: ProfileDto, address: SiteAddress, language: Language, previews: Map<string, string>): PersonLeaf {
  const image = pictureOf(profile.photo, profile.imageSet, previews);
  return {
    '@type': 'Person',
    name: profile.name,
    jobTitle: profile.headline[language] || undefined,
    url: address.url(HOME, language),
    sameAs: profile.links.length > 0 ? profile.links.map((link) => link.url) : undefined,
    image: image ? address.resource(image) : undefined,
  };
}

/** An uploaded picture at the size link previews show it; any other URL as the owner wrote it. */
const pictureOf = (url: string, imageSet: ImageSetDto | undefined, previews: Map<string, string>): string =>
  previews.get(url) ?? imageSet?.fallback ?? url;

function requireProfile(profile: ProfileDto | null): ProfileDto {
  if (!profile) throw new NotFoundException({ detail: 'No profile has been set' });
  return profile;
}

/** With `<` escaped (JSON reads `\u003c` as `<`), it is safe inside `<script type="application/ld+json">`: no text closes the element. */
const ldJson = (value: object): TypedBody => TypedBody.json(JSON.stringify(value).replaceAll('<', '\\u003c'), LD_JSON);
