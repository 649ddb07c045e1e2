import type { CertificationItem } from '@/content';
import { OrderedCollection } from '@/content-store/ordered-collection';

/** A certification as kept, manual or synced: its read shape plus where it came from. */
export type Certification = Required<CertificationItem>;

/** The certifications in display order, addressed by UUID. */
export abstract class CertificationsRepository extends OrderedCollection<Certification> {}
