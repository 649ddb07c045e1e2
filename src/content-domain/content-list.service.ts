import { isDeepStrictEqual } from 'node:util';
import { NotFoundException } from '@nestjs/common';
import { frozen } from '@/common/frozen';
import { applyPartialOrder } from '@/common/ordering/partial-order';
import { mappedInSlices } from '@/common/scheduling/event-loop-turns';
import {
  DEFAULT_LANGUAGE,
  DOMAIN_DECLARATIONS,
  inLanguage,
  type Language,
  type ListDomain,
  patchedWith,
  type Translations,
} from '@/content';
import type { ItemTimes, OrderedCollection } from '@/content-store/ordered-collection';

/** How a client names an item of a list, and what a reorder's 422 calls that name. */
interface ListKey {
  /** Of an item as kept, or as a content document lists it: both carry the key. */
  of: (item: object) => string;
  called: string;
  /** The key as the list keeps it: a UUID in lower case, a key of the list's own as sent. */
  normalised: (key: string) => string;
}

/** A list's key, as its declaration names it: the UUID `id`, or a key of its own (a project's slug). */
function keyOf(id: string, noun: string): ListKey {
  const of = (item: object) => String((item as Record<string, unknown>)[id]);
  return id === 'id'
    ? { of, called: noun.toLowerCase(), normalised: (key) => key.toLowerCase() }
    : { of, called: `${noun.toLowerCase()} ${id}`, normalised: (key) => key };
}

/** What sets one list of content apart from the others. */
export interface ContentListRules<T, Dto, Item> {
  /** The list this is: its key and its translatable fields are its declaration's (DOMAIN_DECLARATIONS). */
  domain: ListDomain;
  /** What an item is called in a 404: `Award`, `Experience entry`. */
  noun: string;
  /** Where create puts a new item: work entries are newest first, the rest go last. */
  newItemsGo: 'first' | 'last';
  /** What create fills in and PUT resets when the body leaves an optional field out. */
  defaults: Partial<T>;
  toDto(item: T): Dto;
  /** An item as a content document lists it, and back (what it leaves out filled in). */
  toItem(item: T): Item;
  fromItem(item: Item): T;
}

/**
 * The rules every list of content shares (projects, experience, awards, certifications): read in a
 * language, create, PUT that resets what it leaves out, PATCH, delete, reorder (the listed keys
 * first, the rest keeping their order), and replacing the whole list from a content document. A 404
 * names the key. A write answers with the item (`Answer`: its Dto, unless the list answers more).
 */
export abstract class ContentListService<T extends { translations: Translations<object> }, Dto, Item extends object, Answer = Dto> {
  private readonly key: ListKey;
  private readonly textFields: readonly (keyof T)[];
  private readonly itemsOfRows = new WeakMap<object, Item>();

  protected constructor(
    protected readonly items: OrderedCollection<T>,
    private readonly rules: ContentListRules<T, Dto, Item>,
  ) {
    const { id, textFields } = DOMAIN_DECLARATIONS[rules.domain];
    this.key = keyOf(id, rules.noun);
    this.textFields = textFields as readonly string[] as readonly (keyof T)[];
  }

  /** Every item in display order, each text in `language` where it is written and in English where not. */
  async findAll(language: Language = DEFAULT_LANGUAGE): Promise<Dto[]> {
    return mappedInSlices(await this.items.findAll(), (item) => this.rules.toDto(inLanguage(item, this.textFields, language)));
  }

  readIn(language: Language): Promise<Dto[]> {
    return this.findAll(language);
  }

  /** When each item was made and last changed, by key. */
  timesOf(): Promise<Map<string, ItemTimes>> {
    return this.items.timesOf();
  }

  async create(dto: object): Promise<{ id: string }> {
    return { id: await this.items.add({ ...this.rules.defaults, ...dto } as T, this.rules.newItemsGo) };
  }

  /** PUT: every omitted optional field is reset, the translations included. */
  replace(id: string, dto: Partial<T>): Promise<Answer> {
    return this.update(id, () => ({ ...this.rules.defaults, ...dto }));
  }

  /** PATCH: only the fields given change, and in `translations` only the languages and fields given. */
  patch(id: string, dto: Partial<T>): Promise<Answer> {
    return this.update(id, patchedWith(dto));
  }

  async remove(id: string): Promise<void> {
    if (!(await this.items.remove(id))) throw this.notFound(id);
  }

  /** The listed items first, in that order; the rest keep their order after them. */
  async reorder(order: readonly string[]): Promise<Dto[]> {
    const { key } = this;
    const reordered = await this.items.reorder((current) => applyPartialOrder(current, order.map(key.normalised), key.of, key.called));
    return reordered.map((item) => this.rules.toDto(item));
  }

  /** Every item as a content document lists it, in display order. */
  async exportPart(): Promise<Item[]> {
    return mappedInSlices(await this.items.findAll(), (row) => this.itemOf(row));
  }

  /** Replaces every item with a content document's, in its order (DomainStore.replacePart). */
  replacePart(items: readonly Item[], current?: readonly Item[]): Promise<void> {
    const rows = items.map((item) => this.rules.fromItem(item));
    if (!current) return this.items.replaceAll(rows);
    const was = new Map(current.map((item) => [this.key.of(item), item]));
    const unchanged = items.filter((item) => isDeepStrictEqual(was.get(this.key.of(item)), item)).map(this.key.of);
    return this.items.replaceAll(rows, new Set(unchanged));
  }

  count(): Promise<number> {
    return this.items.count();
  }

  async keys(): Promise<string[]> {
    return [...(await this.items.timesOf()).keys()];
  }

  holdAgainstWrites(): Promise<void> {
    return this.items.holdAgainstWrites();
  }

  /** A read-only row (RowVersions keeps them) never changes: its item is made once, read-only too, and shared. */
  private itemOf(row: T): Item {
    if (!Object.isFrozen(row)) return this.rules.toItem(row);
    let item = this.itemsOfRows.get(row);
    if (!item) this.itemsOfRows.set(row, (item = frozen(this.rules.toItem(row))));
    return item;
  }

  /** What an edit changes, given the item as it is: a list may add its own rules (the certifications' sync lock). */
  protected adjusted(_current: T, changes: Partial<T>): Partial<T> {
    return changes;
  }

  /** Changes the item as `changes` makes it from the item as it is, and answers with it. */
  protected update(id: string, changes: (current: T) => Partial<T>): Promise<Answer> {
    return this.answering(async () => {
      const updated = await this.items.update(id, (current) => this.adjusted(current, changes(current)));
      if (!updated) throw this.notFound(id);
      return updated;
    });
  }

  /** The answer to a write: the item it wrote. A list that answers more reads it in the write's own transaction. */
  protected async answering(write: () => Promise<T>): Promise<Answer> {
    return this.rules.toDto(await write()) as unknown as Answer;
  }

  protected notFound(id: string): NotFoundException {
    return new NotFoundException({ detail: `${this.rules.noun} ${id} not found` });
  }
}
