import { perLanguage, type ProfileItem } from '@/content';
import type { Profile } from './persistence/profile.repository';

const NO_TEXT = perLanguage(() => '');

/** What a profile's optional fields are when a PUT or a content document leaves them out. */
export const PROFILE_DEFAULTS: Omit<Profile, 'name'> = {
  headline: NO_TEXT,
  summary: NO_TEXT,
  location: '',
  email: '',
  website: '',
  photo: '',
  links: [],
};

/** A profile from its input: what it leaves out is "" or [], in each language too. */
export const profileFromItem = (item: ProfileItem): Profile => ({
  ...PROFILE_DEFAULTS,
  ...item,
  headline: { ...NO_TEXT, ...item.headline },
  summary: { ...NO_TEXT, ...item.summary },
});
