import { DEMO_CONTENT } from '@/content';

/** The explorer's example bodies: complete, realistic, and each works on the demo content. */
const { name, location, email, website, headline, summary } = DEMO_CONTENT.profile ?? { name: 'Mara Jansen' };

export const REPLACE_PROFILE_EXAMPLE = {
  name,
  headline,
  summary,
  location,
  email,
  website,
  links: [
    { label: 'GitHub', url: 'https://github.com/marajansen' },
    { label: 'LinkedIn', url: 'https://www.linkedin.com/in/marajansen' },
  ],
};

export const PATCH_PROFILE_EXAMPLE = { headline: { english: 'Staff software engineer: backend platforms and data' } };
