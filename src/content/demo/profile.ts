import type { ProfileItem } from '@/content/content-document';

/** The person behind the portfolio, as the CV introduces her. */
export const PROFILE: ProfileItem = {
  name: 'Mara Jansen',
  location: 'Utrecht, Netherlands',
  email: 'mara@marajansen.example',
  website: 'https://marajansen.example',
  headline: {
    english: 'Senior software engineer: backend platforms and data',
    nederlands: 'Senior software-engineer: backendplatformen en data',
  },
  summary: {
    english:
      'Backend engineer with eight years of experience building reliable services and data pipelines ' +
      'for mobility, utilities and healthcare. Happiest where careful engineering meets measurable impact.',
    nederlands:
      'Backend-engineer met acht jaar ervaring in betrouwbare services en datapijplijnen voor mobiliteit, ' +
      'nutsbedrijven en de zorg. Het meest op haar plek waar zorgvuldige engineering meetbaar effect heeft.',
  },
};
