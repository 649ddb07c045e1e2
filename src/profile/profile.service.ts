import { Injectable, NotFoundException } from '@nestjs/common';
import { DEFAULT_LANGUAGE, type ProfileItem } from '@/content';
import { ImageSets } from '@/media/image-sets';
import type { ProfileDto } from './dto/profile.dto';
import type { ReplaceProfileDto, UpdateProfileDto } from './dto/profile-input.dto';
import { type Profile, ProfileRepository } from './persistence/profile.repository';
import { profileFromItem } from './profile-defaults';
import { toProfile } from './profile.mapper';
import { ContentDomainStore } from '@/content-domain/content-domain-stores';

@Injectable()
@ContentDomainStore('profile')
export class ProfileService {
  constructor(
    private readonly profile: ProfileRepository,
    private readonly imageSets: ImageSets,
  ) {}

  async find(): Promise<ProfileDto> {
    const profile = await this.findAsRead();
    if (!profile) throw profileNotSet();
    return profile;
  }

  /** The profile as visitors read it (with its photo's image set), or null while none is set. */
  async findAsRead(): Promise<ProfileDto | null> {
    const profile = await this.profile.find();
    return profile ? this.read(profile) : null;
  }

  /** The profile, or null while none is set: the CV introduces the person when there is one. */
  async findIfSet(): Promise<ProfileDto | null> {
    const profile = await this.profile.find();
    return profile ? toProfile(profile) : null;
  }

  /** When the profile last changed; undefined while none is set. */
  changedAt(): Promise<Date | undefined> {
    return this.profile.changedAt();
  }

  /** PUT: creates or replaces the profile; what the body leaves out is "" or [], in each language too. */
  async replace(dto: ReplaceProfileDto): Promise<ProfileDto> {
    return this.read(await this.profile.save(profileFromItem(dto)));
  }

  /** PATCH: the fields given, and in headline and summary only the languages given. */
  async patch({ headline, summary, ...fields }: UpdateProfileDto): Promise<ProfileDto> {
    const changed = await this.profile.update((current) => ({
      ...current,
      ...fields,
      headline: { ...current.headline, ...headline },
      summary: { ...current.summary, ...summary },
    }));
    if (!changed) throw profileNotSet();
    return this.read(changed);
  }

  /** The profile as a visitor reads it: with the image set of its photo when the photo is an uploaded picture (alt in English). */
  private async read(profile: Profile): Promise<ProfileDto> {
    const dto = toProfile(profile);
    const imageSet = (await this.imageSets.of([dto.photo], DEFAULT_LANGUAGE)).get(dto.photo);
    return imageSet ? { ...dto, imageSet } : dto;
  }

  /** The profile as a content document carries it, or null. */
  async exportPart(): Promise<ProfileItem | null> {
    return this.findIfSet();
  }

  /** The profile carries every language: the CV picks its own. */
  readIn(): Promise<ProfileDto | null> {
    return this.findIfSet();
  }

  /** Sets the profile from a content document, or removes it when the document has none. */
  replacePart(item: ProfileItem | null): Promise<void> {
    return this.profile.replaceWith(item ? profileFromItem(item) : undefined);
  }

  async count(): Promise<number> {
    return (await this.profile.find()) === undefined ? 0 : 1;
  }

  keys(): Promise<string[]> {
    return Promise.resolve([]);
  }

  holdAgainstWrites(): Promise<void> {
    return this.profile.holdAgainstWrites();
  }
}

function profileNotSet(): NotFoundException {
  return new NotFoundException({ detail: 'No profile has been set' });
}
