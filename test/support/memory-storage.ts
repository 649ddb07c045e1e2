import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import { CONTENT_DOMAINS, type ContentDocument, type ContentDomain } from '@/content';
import { ContentTransactions, type TransactionOptions } from '@/content-store/content-transactions';
import { placedIn } from '@/content-store/document-collection';
import {
  type ItemChanges,
  type ItemTimes,
  KeyTaken,
  OrderedCollection,
  type PlacedItem,
  ReferenceMissing,
} from '@/content-store/ordered-collection';
import { awardFromItem } from '@/awards/award-defaults';
import { certificationFromItem } from '@/certifications/certification-defaults';
import { AwardsRepository } from '@/awards/persistence/awards.repository';
import { CertificationsRepository } from '@/certifications/persistence/certifications.repository';
import { ExperienceRepository } from '@/experience/persistence/experience.repository';
import { workEntryFromItem } from '@/experience/work-entry-defaults';
import { type Profile, ProfileRepository } from '@/profile/persistence/profile.repository';
import { profileFromItem } from '@/profile/profile-defaults';
import { ProjectsRepository } from '@/projects/persistence/projects.repository';
import { projectFromItem } from '@/projects/project-defaults';
import { SkillCategoriesRepository, SkillsRepository } from '@/skills/persistence/skills.repository';
import { skillsFromItems } from '@/skills/skill-defaults';

/** What a transaction puts back when it fails: a store's state as it was when the transaction began. */
interface Snapshotted {
  snapshot(): () => void;
}

interface MemoryCollectionRules<T> {
  /** The item's key: its id, or a project's slug. */
  key?: (item: T) => string;
  /** Whether what the item refers to is there (a skill's category); ReferenceMissing when not. */
  referencesExist?: (item: T) => boolean;
  /** What goes with a removed item (a category's skills). */
  onRemove?: (item: T) => void;
}

/**
 * The collection port kept in memory, writable: what the service tier tests every write rule
 * over. The adapter contract suite (test/service/ordered-collection.contract.spec.ts) holds it to
 * the TypeORM adapter over PostgreSQL, so a rule that passes here passes there.
 */
export class MemoryCollection<T extends object> extends OrderedCollection<T> implements Snapshotted {
  private items: T[];
  private readonly keyOf: (item: T) => string;

  constructor(
    items: readonly T[],
    private readonly rules: MemoryCollectionRules<T> = {},
  ) {
    super();
    this.items = [...items];
    this.keyOf = rules.key ?? ((item) => (item as { id: string }).id);
  }

  async findAll(): Promise<T[]> {
    return [...this.items];
  }

  async findOne(key: string): Promise<T | undefined> {
    return this.items.find((item) => this.keyOf(item) === key);
  }

  async findPlaced(key: string): Promise<PlacedItem<T> | undefined> {
    return placedIn(this.items, key, this.keyOf);
  }

  async add(item: Omit<T, 'id'>, at: 'first' | 'last'): Promise<string> {
    const id = randomUUID();
    const added = { ...item, id } as unknown as T;
    this.assertStorable(added);
    if (at === 'first') this.items.unshift(added);
    else this.items.push(added);
    return id;
  }

  async update(key: string, changes: ItemChanges<T>): Promise<T | undefined> {
    const index = this.items.findIndex((item) => this.keyOf(item) === key);
    if (index < 0) return undefined;
    const current = this.items[index];
    const updated = { ...current, ...(typeof changes === 'function' ? changes(current) : changes) };
    this.assertStorable(updated, current);
    this.items[index] = updated;
    return updated;
  }

  async remove(key: string): Promise<boolean> {
    const removed = this.items.find((item) => this.keyOf(item) === key);
    if (!removed) return false;
    this.items = this.items.filter((item) => item !== removed);
    this.rules.onRemove?.(removed);
    return true;
  }

  async reorder(arrange: <R extends T>(items: R[]) => R[]): Promise<T[]> {
    this.items = arrange([...this.items]);
    return [...this.items];
  }

  async replaceAll(items: readonly T[]): Promise<void> {
    this.items = [...items];
  }

  async count(): Promise<number> {
    return this.items.length;
  }

  /** A test writes the memory stores alone: there is no other writer to hold off. */
  async holdAgainstWrites(): Promise<void> {}

  /** Every item as made now: the service tier's rules do not read times. */
  async timesOf(): Promise<Map<string, ItemTimes>> {
    const now = { createdAt: new Date(), updatedAt: new Date() };
    return new Map(this.items.map((item) => [this.keyOf(item), now]));
  }

  /** Drops every item the predicate holds for (what a cascade in the database does). */
  removeWhere(predicate: (item: T) => boolean): void {
    this.items = this.items.filter((item) => !predicate(item));
  }

  has(key: string): boolean {
    return this.items.some((item) => this.keyOf(item) === key);
  }

  snapshot(): () => void {
    const items = [...this.items];
    return () => (this.items = items);
  }

  /** As the database's unique key and foreign key would refuse it. */
  private assertStorable(item: T, replacing?: T): void {
    if (this.items.some((other) => other !== replacing && this.keyOf(other) === this.keyOf(item))) throw new KeyTaken();
    if (this.rules.referencesExist && !this.rules.referencesExist(item)) throw new ReferenceMissing();
  }
}

/** The one profile, in memory. */
export class MemoryProfileRepository extends ProfileRepository implements Snapshotted {
  constructor(private profile: Profile | undefined) {
    super();
  }

  async find(): Promise<Profile | undefined> {
    return this.profile;
  }

  async changedAt(): Promise<Date | undefined> {
    return this.profile && new Date();
  }

  async save(profile: Profile): Promise<Profile> {
    this.profile = { ...profile };
    return this.profile;
  }

  async update(change: (current: Profile) => Profile): Promise<Profile | undefined> {
    return this.profile && this.save(change(this.profile));
  }

  /** As MemoryCollection's. */
  async holdAgainstWrites(): Promise<void> {}

  async replaceWith(profile: Profile | undefined): Promise<void> {
    this.profile = profile && { ...profile };
  }

  snapshot(): () => void {
    const profile = this.profile;
    return () => (this.profile = profile);
  }
}

/**
 * All or nothing over the memory stores: a run that fails puts every store back as it was. Runs
 * with a lock name wait for one another, as the advisory lock makes them; a run inside another
 * joins it.
 */
export class MemoryTransactions extends ContentTransactions {
  readonly acceptsWrites = true;
  private readonly inside = new AsyncLocalStorage<true>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(private readonly stores: readonly Snapshotted[]) {
    super();
  }

  run<T>(work: () => Promise<T>, { lock }: TransactionOptions = {}): Promise<T> {
    if (this.inside.getStore()) return work();
    const previous = (lock && this.locks.get(lock)) || Promise.resolve();
    const turn = previous.catch(() => undefined).then(() => this.inside.run(true, () => this.atomically(work)));
    if (lock) this.locks.set(lock, turn);
    return turn;
  }

  async undone<T>(work: () => Promise<T>): Promise<T> {
    const restores = this.stores.map((store) => store.snapshot());
    try {
      return await work();
    } finally {
      for (const restore of restores) restore();
    }
  }

  /** The memory stores keep no record of their writes. */
  async changedDomains(): Promise<ContentDomain[]> {
    return [...CONTENT_DOMAINS];
  }

  private async atomically<T>(work: () => Promise<T>): Promise<T> {
    const restores = this.stores.map((store) => store.snapshot());
    try {
      return await work();
    } catch (error) {
      for (const restore of restores) restore();
      throw error;
    }
  }
}

/** Every content store of a document, writable in memory, as providers that take the place of the app's. */
export function memoryStorage(document: ContentDocument): Provider[] {
  const { categories, skills: skillItems } = skillsFromItems(document.skills);
  const categoryCollection = new MemoryCollection(categories, {
    onRemove: (category) => skills.removeWhere((skill) => skill.categoryId === category.id),
  });
  const skills = new MemoryCollection(skillItems, { referencesExist: (skill) => categoryCollection.has(skill.categoryId) });
  const stores = {
    profile: new MemoryProfileRepository(document.profile ? profileFromItem(document.profile) : undefined),
    projects: new MemoryCollection(document.projects.map(projectFromItem), { key: (project) => project.slug }),
    experience: new MemoryCollection(document.experience.map(workEntryFromItem)),
    categories: categoryCollection,
    skills,
    awards: new MemoryCollection(document.awards.map(awardFromItem)),
    certifications: new MemoryCollection(document.certifications.map(certificationFromItem)),
  };
  return [
    { provide: ProfileRepository, useValue: stores.profile },
    { provide: ProjectsRepository, useValue: stores.projects },
    { provide: ExperienceRepository, useValue: stores.experience },
    { provide: SkillCategoriesRepository, useValue: stores.categories },
    { provide: SkillsRepository, useValue: stores.skills },
    { provide: AwardsRepository, useValue: stores.awards },
    { provide: CertificationsRepository, useValue: stores.certifications },
    { provide: ContentTransactions, useValue: new MemoryTransactions(Object.values(stores)) },
  ];
}
