import { Injectable, NotFoundException } from '@nestjs/common';
import type { Language } from '@/content';
import type { ImageSetDto } from '@/media/dto/image-set.dto';
import { mediaIdIn } from '@/media/image-sets';
import { MediaServing } from '@/media/media-serving.service';
import { ProjectsService } from '@/projects/projects.service';
import { TypedBody } from '@/read-model/typed-body';
import { CardRenderer, type SocialCard } from './card-renderer';
import { SitePages } from './site-pages';

/** The picture's width a card reads: enough for its 480 px column. */
const PICTURE_READ_WIDTH = 640;

/** The PNG a link preview shows for a page (`og:image`): the home page's and each project's, in the language asked. */
@Injectable()
export class SocialCardsService {
  constructor(
    private readonly pages: SitePages,
    private readonly projects: ProjectsService,
    private readonly media: MediaServing,
    private readonly renderer: CardRenderer,
  ) {}

  /** The owner's name and headline, and their photo when it is an uploaded picture (404 while no profile is set). */
  async home(language: Language): Promise<TypedBody> {
    const { address, profile } = await this.pages.address();
    if (!profile) throw new NotFoundException({ detail: 'No profile has been set' });
    const card = { byline: address.host, title: profile.name, text: profile.headline[language], picture: this.picture(profile) };
    return this.png(card, `home:${language}`);
  }

  /** The project's title and description, and its picture when it is an uploaded one. */
  async project(slug: string, language: Language): Promise<TypedBody> {
    const { address, profile } = await this.pages.address();
    const project = await this.projects.findDetail(slug, language);
    const card = { byline: profile?.name ?? address.host, title: project.title, text: project.description, picture: this.picture(project) };
    return this.png(card, `projects/${project.slug}:${language}`);
  }

  /** Spare: kept by the renderer's store too, so the read model lets cards go first and a walk over them evicts no other answer. */
  private async png(card: SocialCard, page: string): Promise<TypedBody> {
    return new TypedBody('image/png', await this.renderer.png(card, page), { compressible: false, spare: true });
  }

  /** The uploaded picture the content names, which its image set says is there; never one fetched from elsewhere. */
  private picture({ image, photo, imageSet }: { image?: string; photo?: string; imageSet?: ImageSetDto }): SocialCard['picture'] {
    const id = imageSet && mediaIdIn(image ?? photo ?? '');
    return id === undefined
      ? undefined
      : { id, bytes: async () => (await this.media.negotiated(id, 'image/webp', PICTURE_READ_WIDTH)).body };
  }
}
