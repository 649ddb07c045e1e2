import type { ProfileItem } from '@/content';

/** The profile as kept: every field of its read shape. */
export type Profile = Required<ProfileItem>;

/** Where the one profile is kept, if the owner has set it. Without a database every write answers 503. */
export abstract class ProfileRepository {
  abstract find(): Promise<Profile | undefined>;
  /** When the profile last changed; undefined while none is set. */
  abstract changedAt(): Promise<Date | undefined>;
  /** Creates or replaces the profile, atomically: two first saves at once both succeed, the later one standing. */
  abstract save(profile: Profile): Promise<Profile>;
  /** Changes the profile as `change` makes it from the profile as it is, atomically; undefined while none is set. */
  abstract update(change: (current: Profile) => Profile): Promise<Profile | undefined>;
  /** Sets the profile, or removes it (a content document without one). */
  abstract replaceWith(profile: Profile | undefined): Promise<void>;
  /** Until the caller's transaction ends, nothing else writes the profile; reads go on. */
  abstract holdAgainstWrites(): Promise<void>;
}
