import { perLanguage } from '@/content';
import type { ProfileDto } from './dto/profile.dto';
import type { Profile } from './persistence/profile.repository';

export function toProfile(profile: Profile): ProfileDto {
  return {
    name: profile.name,
    headline: perLanguage((language) => profile.headline[language] ?? ''),
    summary: perLanguage((language) => profile.summary[language] ?? ''),
    location: profile.location,
    email: profile.email,
    website: profile.website,
    photo: profile.photo,
    links: profile.links.map(({ label, url }) => ({ label, url })),
  };
}
