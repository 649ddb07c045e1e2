import type { FindOptionsOrder, FindOptionsSelect, Repository } from 'typeorm';
import { frozen } from '@/common/frozen';

/** A row version's name: its place and the transaction that wrote it, which no other version of any row of the table has. */
const VERSION = `row.ctid::text || ':' || row.xmin::text`;
/** A read that finds rows changed between listing their versions and reading them tries again; then it reads every row. */
const ATTEMPTS = 3;

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
      const versions = (
        await rows
          .createQueryBuilder('row')
          .setFindOptions({ select: { id: true } as FindOptionsSelect<E>, order: this.displayOrder })
          .addSelect(VERSION, 'version')
          .getRawMany<{ version: string }>()
      ).map((row) => row.version);
      const unseen = versions.filter((version) => !this.seen(version));
      const read = unseen.length === 0 ? new Map<string, E>() : await this.read(rows, unseen, unseen.length > versions.length / 2);
      // Every version listed was still there when the rest was read: the rows are those of one moment.
      if (unseen.every((version) => read.has(version))) {
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

  /** The rows of these versions, by version; `every`: most rows are unseen, so every row is read, without comparing versions. */
  private async read(rows: Repository<E>, versions: string[], every: boolean): Promise<Map<string, E>> {
    const query = rows.createQueryBuilder('row').addSelect(VERSION, 'version');
    if (!every) query.where(`${VERSION} = ANY(:versions)`, { versions });
    const { entities, raw } = await query.getRawAndEntities<{ row_id: string; version: string }>();
    const versionOf = new Map(raw.map((row) => [row.row_id, row.version]));
    return new Map(entities.map((entity) => [versionOf.get(entity.id)!, frozen(entity)]));
  }
}
