import { DEMO_CONTENT } from '@/content';

/** The explorer's example bodies and ids: complete, realistic, and each works on the demo content. */
const [LANGUAGES] = DEMO_CONTENT.skills;
const [TYPESCRIPT] = LANGUAGES.skills ?? [];

export const EXAMPLE_CATEGORY_ID = LANGUAGES.id;
export const EXAMPLE_SKILL_ID = TYPESCRIPT.id;

export const CREATE_CATEGORY_EXAMPLE = {
  title: 'Cloud',
  iconName: 'cloud',
  iconColor: '#0ea5e9',
  skills: [
    { name: 'Azure', projects: ['tidewatch'] },
    { name: 'Terraform', projects: ['tidewatch', 'ledger-lens'] },
  ],
};

export const REPLACE_CATEGORY_EXAMPLE = { title: 'Programming languages', iconName: 'code', iconColor: '#2563eb' };

export const PATCH_CATEGORY_EXAMPLE = { iconColor: '#2563eb' };

export const CREATE_SKILL_EXAMPLE = { name: 'Go', projects: ['ledger-lens'] };

export const REPLACE_SKILL_EXAMPLE = { name: 'TypeScript', projects: ['tidewatch', 'ledger-lens', 'portfolio-platform'] };

export const PATCH_SKILL_EXAMPLE = { projects: ['tidewatch', 'ledger-lens'] };
