import type { AwardItem } from '@/content';
import { OrderedCollection } from '@/content-store/ordered-collection';

/** An award as kept: every field of its read shape. */
export type Award = Required<AwardItem>;

/** The awards in display order, addressed by UUID. */
export abstract class AwardsRepository extends OrderedCollection<Award> {}
