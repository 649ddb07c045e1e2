import { DEMO_CONTENT } from '@/content';

/** The explorer's example bodies and ids: complete, realistic, and each works on the demo content. */
const [NEWEST, PREVIOUS] = DEMO_CONTENT.experience;

export const EXAMPLE_ENTRY_ID = NEWEST.id;

export const CREATE_WORK_ENTRY_EXAMPLE = {
  company: 'Gridwise Energy',
  role: 'Staff Software Engineer',
  period: 'Jan 2026 – Present',
  location: 'Rotterdam, Netherlands',
  type: 'Full-time',
  description: 'Forecasting platform for a grid operator balancing wind and solar supply.',
  responsibilities: ['Lead the forecasting platform team of five', 'Own the real-time balancing API'],
  technologies: ['TypeScript', 'NestJS', 'Python', 'PostgreSQL', 'Kafka'],
  note: null,
  additionalProjects: [{ title: 'Congestion map', description: 'A public map of grid congestion per postcode, updated hourly.' }],
  achievement: 'Day-ahead forecast error down from 6.1% to 3.8%',
};

/** PUT: every field, as the demo's newest entry has them, with the period closed. */
export const REPLACE_WORK_ENTRY_EXAMPLE = (({ id: _id, ...fields }) => ({ ...fields, period: 'Mar 2023 – Dec 2025' }))(NEWEST);

export const PATCH_WORK_ENTRY_EXAMPLE = {
  period: 'Mar 2023 – Dec 2025',
  achievement: 'Cut pricing-service p99 latency from 480 ms to 70 ms',
};

export const REORDER_WORK_ENTRIES_EXAMPLE = { order: [PREVIOUS.id, NEWEST.id] };
