import { DEMO_CONTENT } from '@/content';

/** The explorer's example bodies and ids: complete, realistic, and each works on the demo content. */
const [FIRST_CERTIFICATION, SECOND_CERTIFICATION] = DEMO_CONTENT.certifications;

export const EXAMPLE_CERTIFICATION_ID = FIRST_CERTIFICATION.id;

export const CREATE_CERTIFICATION_EXAMPLE = {
  title: 'Certified Kubernetes Application Developer (CKAD)',
  description: 'Designing, building and deploying cloud-native applications for Kubernetes.',
  iconType: 'badge',
  link: 'https://www.credly.com/badges/5e8b2c1d-7a4f-4c3e-9b6a-1d2e3f4a5b6c',
  linkText: 'Verify on Credly',
  badgeImageUrl: 'https://images.credly.com/images/ckad/image.png',
  issuedAt: '2025-06-12T00:00:00.000Z',
  expiresAt: '2027-06-12T00:00:00.000Z',
  syncEnabled: false,
};

/** PUT: every field a write takes, as the demo's first certification has them, with a renewed expiry. */
export const REPLACE_CERTIFICATION_EXAMPLE = (({ id: _id, source: _source, externalId: _externalId, ...fields }) => ({
  ...fields,
  expiresAt: '2027-03-18T00:00:00.000Z',
}))(FIRST_CERTIFICATION);

export const PATCH_CERTIFICATION_EXAMPLE = { expiresAt: '2027-03-18T00:00:00.000Z' };

export const REORDER_CERTIFICATIONS_EXAMPLE = { order: [SECOND_CERTIFICATION.id, FIRST_CERTIFICATION.id] };
