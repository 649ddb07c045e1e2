import type { ProfileItem } from '@/content';

/** The profile as kept: every field of its read shape. */
export type Profile = Required<ProfileItem>;

/** Where the one profile is kept, if the owner has set it. Without a database every write answers 503. */
export abstract class ProfileRepository {
  abstract find(): Promise<Profile | undefined>;
  abstract save(profile: Profile): Promise<Profile>;
  /** Sets the profile, or removes it (a content document without one). */
  abstract replaceWith(profile: Profile | undefined): Promise<void>;
}
