import type { ProfileDto } from './dto/profile.dto';
import type { Profile } from './persistence/profile.repository';

export function toProfile(profile: Profile): ProfileDto {
  return {
    name: profile.name,
    headline: { english: profile.headline.english ?? '', nederlands: profile.headline.nederlands ?? '' },
    summary: { english: profile.summary.english ?? '', nederlands: profile.summary.nederlands ?? '' },
    location: profile.location,
    email: profile.email,
    website: profile.website,
    links: profile.links.map(({ label, url }) => ({ label, url })),
  };
}
