import type { AwardItem, CertificationItem } from '@/content/content-document';

export const AWARDS: readonly AwardItem[] = [
  {
    id: 'c7e9a1b3-4d5f-4a6b-8c9d-0e1f2a3b4c01',
    title: 'Best Teaching Assistant',
    organization: 'Delft University of Technology',
    year: '2017',
    description: 'Chosen by students of the Algorithms & Data Structures course.',
    iconName: 'graduation-cap',
    bgColor: '#1e3a8a',
    translations: {
      nederlands: {
        title: 'Beste studentassistent',
        organization: 'Technische Universiteit Delft',
        description: 'Gekozen door de studenten van het vak Algoritmen & Datastructuren.',
      },
    },
  },
  {
    id: 'c7e9a1b3-4d5f-4a6b-8c9d-0e1f2a3b4c02',
    title: 'Dutch Open Data Hackathon, First Prize',
    organization: 'Open State Foundation',
    year: '2019',
    description: 'A flood-risk map for households, built in 48 hours from public water-board data.',
    iconName: 'trophy',
    bgColor: '#b45309',
    translations: {
      nederlands: {
        title: 'Dutch Open Data Hackathon, eerste prijs',
        description: 'Een overstromingsrisicokaart voor huishoudens, in 48 uur gebouwd met openbare data van waterschappen.',
      },
    },
  },
  {
    id: 'c7e9a1b3-4d5f-4a6b-8c9d-0e1f2a3b4c03',
    title: 'Best Workshop Paper',
    organization: 'Energy Informatics Workshop',
    year: '2024',
    description: 'For the short-term grid load forecasting paper.',
    iconName: 'award',
    bgColor: '#047857',
    translations: {
      nederlands: { title: 'Beste workshoppaper', description: 'Voor de paper over kortetermijnvoorspelling van netbelasting.' },
    },
  },
];

/** The synced ones are curated copies, locked (syncEnabled false) so that a sync never rewrites them. */
export const CERTIFICATIONS: readonly CertificationItem[] = [
  {
    id: 'e2f4a6b8-1c3d-4e5f-9a7b-6c8d0e2f4a01',
    title: 'Microsoft Certified: Azure Developer Associate',
    description: 'Designing, building and maintaining cloud applications on Azure.',
    iconType: 'microsoft',
    link: 'https://learn.microsoft.com/api/credentials/share/en-us/MaraJansen/AZ204-2024',
    linkText: 'Verify on Microsoft Learn',
    source: 'microsoft_learn',
    externalId: 'AZ204-2024',
    syncEnabled: false,
    badgeImageUrl: null,
    issuedAt: '2024-03-18T00:00:00.000Z',
    expiresAt: '2026-03-18T00:00:00.000Z',
    translations: {
      nederlands: {
        description: 'Cloudapplicaties op Azure ontwerpen, bouwen en onderhouden.',
        linkText: 'Controleren op Microsoft Learn',
      },
    },
  },
  {
    id: 'e2f4a6b8-1c3d-4e5f-9a7b-6c8d0e2f4a02',
    title: 'Certified Kubernetes Application Developer (CKAD)',
    description: 'Hands-on exam on designing and deploying applications on Kubernetes.',
    iconType: 'badge',
    link: 'https://www.credly.com/badges/0b8f1e2a-5c3d-4f6e-8a9b-1c2d3e4f5a6b',
    linkText: 'View on Credly',
    source: 'credly',
    externalId: '0b8f1e2a-5c3d-4f6e-8a9b-1c2d3e4f5a6b',
    syncEnabled: false,
    badgeImageUrl: 'https://images.credly.com/images/ckad-badge.png',
    issuedAt: '2023-06-02T00:00:00.000Z',
    expiresAt: '2026-06-02T00:00:00.000Z',
    translations: {
      nederlands: {
        description: 'Praktijkexamen over het ontwerpen en uitrollen van applicaties op Kubernetes.',
        linkText: 'Bekijken op Credly',
      },
    },
  },
  {
    id: 'e2f4a6b8-1c3d-4e5f-9a7b-6c8d0e2f4a03',
    title: 'AWS Certified Cloud Practitioner',
    description: 'Foundational understanding of AWS services and the shared responsibility model.',
    iconType: 'aws',
    link: 'https://aws.amazon.com/verification',
    linkText: 'Verify',
    source: 'manual',
    badgeImageUrl: null,
    issuedAt: null,
    expiresAt: null,
    translations: {
      nederlands: { description: 'Basiskennis van AWS-diensten en het shared-responsibilitymodel.', linkText: 'Controleren' },
    },
  },
  {
    id: 'e2f4a6b8-1c3d-4e5f-9a7b-6c8d0e2f4a04',
    title: 'Professional Scrum Master I',
    description: 'Scrum framework, roles and events, from Scrum.org.',
    iconType: 'certificate',
    link: 'https://www.scrum.org/certificates/573920',
    linkText: 'View certificate',
    source: 'manual',
    badgeImageUrl: null,
    issuedAt: '2021-11-09T00:00:00.000Z',
    expiresAt: null,
    translations: {
      nederlands: { description: 'Het Scrum-raamwerk, de rollen en events, van Scrum.org.', linkText: 'Certificaat bekijken' },
    },
  },
];
