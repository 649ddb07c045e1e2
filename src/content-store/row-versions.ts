import type { FindOptionsOrder, FindOptionsSelect, Repository } from 'typeorm';
import { frozen } from '@/common/frozen';
import { inStatements } from './rows-per-statement';

/** A row version's name: its place and the transaction that wrote it, which no other version of any row of the table has. */
const VERSION = `row.ctid::text || ':' || row.xmin::text`;
/** A read that finds rows changed between listing their versions and reading them tries again; then it reads every row. */
const ATTEMPTS = 3;

/** A row's id and version, as a query that adds the version to the row's columns answers them. */
interface VersionedRow {
  row_id: string;
  version: string;
}

/**
 * A table's rows as last read whole, by version. PostgreSQL writes a new version of a row for every
 * change and never changes a version, so a read of every row lists the versions in display order and
 * reads whole only those it has not seen: after one changed row of many, one row. The rows kept are
 * those of the last two reads, shared by every reader (read-only): a read of another moment (inside
 * a draft's savepoint, or in the history's snapshot taken before a write) puts no row of the
 * moment before aside. What a transaction reads of its own writes is a version like any other,
 * which no other transaction sees unless it commits.
 */
export class RowVersions<E extends { id: string }> {
  private latest = new Map<string, E>();
  private before = new Map<string, E>();

  constructor(private readonly displayOrder: FindOptionsOrder<E>) {}

  async all(rows: Repository<E>): Promise<E[]> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const listed = await rows
        .createQueryBuilder('row')
        .setFindOptions({ select: { id: true } as FindOptionsSelect<E>, order: this.displayOrder })
        .addSelect(VERSION, 'version')
        .getRawMany<VersionedRow>();
      const versions = listed.map((row) => row.version);
      const unseen = listed.filter((row) => !this.seen(row.version));
      const read = await this.read(
        rows,
        unseen.map((row) => row.row_id),
      );
      // Every version listed was still there when the rest was read: the rows are those of one moment.
      if (unseen.every((row) => read.has(row.version))) {
        const all = versions.map((version) => this.seen(version) ?? read.get(version)!);
        [this.before, this.latest] = [this.latest, new Map(versions.map((version, index) => [version, all[index]]))];
        return all;
      }
    }
    return rows.find({ order: this.displayOrder });
  }

  private seen(version: string): E | undefined {
    return this.latest.get(version) ?? this.before.get(version);
  }

  /** The rows of these ids as they are now, by version, read in statements of a few rows (inStatements). */
  private async read(rows: Repository<E>, ids: string[]): Promise<Map<string, E>> {
    const read = new Map<string, E>();
    for (const statement of inStatements(ids)) {
      const { entities, raw } = await rows
        .createQueryBuilder('row')
        .addSelect(VERSION, 'version')
        .where('row.id = ANY(:ids)', { ids: statement })
        .getRawAndEntities<VersionedRow>();
      const versionOf = new Map(raw.map((row) => [row.row_id, row.version]));
      for (const entity of entities) read.set(versionOf.get(entity.id)!, frozen(entity));
    }
    return read;
  }
}
