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
    { name: 'Azure', projects: ['Tidewatch'] },
    { name: 'Terraform', projects: ['Tidewatch', 'Ledger Lens'] },
  ],
};

export const REPLACE_CATEGORY_EXAMPLE = { title: 'Programming languages', iconName: 'code', iconColor: '#2563eb' };

export const PATCH_CATEGORY_EXAMPLE = { iconColor: '#2563eb' };

export const CREATE_SKILL_EXAMPLE = { name: 'Go', projects: ['Ledger Lens'] };

export const REPLACE_SKILL_EXAMPLE = { name: 'TypeScript', projects: ['Tidewatch', 'Ledger Lens', 'Portfolio Platform'] };

export const PATCH_SKILL_EXAMPLE = { projects: ['Tidewatch', 'Ledger Lens'] };
