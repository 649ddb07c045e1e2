import { DEMO_CONTENT } from '@/content';

/** The explorer's example bodies and ids: complete, realistic, and each works on the demo content. */
const [FIRST_AWARD, SECOND_AWARD] = DEMO_CONTENT.awards;

export const EXAMPLE_AWARD_ID = FIRST_AWARD.id;

export const CREATE_AWARD_EXAMPLE = {
  title: 'Open Source Contributor of the Year',
  organization: 'Dutch Rust Meetup',
  year: '2025',
  description: 'For maintaining the Ledger Lens importers for five banks.',
  iconName: 'star',
  bgColor: '#7c3aed',
};

export const REPLACE_AWARD_EXAMPLE = (({ id: _id, ...fields }) => ({
  ...fields,
  description: 'Chosen by 300 students of the Algorithms course.',
}))(FIRST_AWARD);

export const PATCH_AWARD_EXAMPLE = { year: '2018' };

export const REORDER_AWARDS_EXAMPLE = { order: [SECOND_AWARD.id, FIRST_AWARD.id] };
