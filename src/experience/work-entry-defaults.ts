import type { WorkEntryItem } from '@/content';
import type { WorkEntry } from './persistence/experience.repository';

/** What an entry's optional fields are when a create, a PUT or a content document leaves them out. */
export const WORK_ENTRY_DEFAULTS: Omit<WorkEntry, 'id' | 'company' | 'role' | 'period'> = {
  location: '',
  type: '',
  description: '',
  responsibilities: [],
  technologies: [],
  note: null,
  additionalProjects: null,
  achievement: null,
  translations: {},
};

export const workEntryFromItem = (item: WorkEntryItem): WorkEntry => ({ ...WORK_ENTRY_DEFAULTS, ...item });
