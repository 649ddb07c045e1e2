import type { WorkEntryItem } from '@/content';
import { OrderedCollection } from '@/content-store/ordered-collection';

/** A work entry as kept: every field of its read shape. */
export type WorkEntry = Required<WorkEntryItem>;

/** The work entries, newest first, addressed by UUID. */
export abstract class ExperienceRepository extends OrderedCollection<WorkEntry> {}
