import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Repository } from 'typeorm';
import { rowHolds } from '@/content-store/row-holds';
import { holdAgainstWrites } from '@/content-store/write-hold';
import type { PostgresAdapter } from '@/database/storage-for';
import { ProfileEntity } from '@/profile/entities/profile.entity';
import { type Profile, ProfileRepository } from './profile.repository';

/** The `profile` table's one row (id 1). */
class TypeOrmProfileRepository extends ProfileRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  private get rows(): Repository<ProfileEntity> {
    return this.txHost.tx.getRepository(ProfileEntity);
  }

  async find(): Promise<Profile | undefined> {
    return (await this.rows.findOneBy({ id: 1 })) ?? undefined;
  }

  holdAgainstWrites(): Promise<void> {
    return holdAgainstWrites(this.rows);
  }

  async changedAt(): Promise<Date | undefined> {
    return (await this.rows.findOne({ where: { id: 1 }, select: { updatedAt: true } }))?.updatedAt;
  }

  /** In a transaction, as every content write: see ContentAttributionSubscriber. */
  save(profile: Profile): Promise<Profile> {
    const row = this.rowOf(profile);
    return this.txHost.withTransaction(async () => {
      await this.rows.upsert(row, ['id']);
      return row;
    });
  }

  /** The row is read locked for the transaction: a concurrent PATCH waits, then changes what this one left. */
  update(change: (current: Profile) => Profile): Promise<Profile | undefined> {
    return this.txHost.withTransaction(async () => {
      const current = await this.rows.findOne({ where: { id: 1 }, lock: { mode: 'pessimistic_write' } });
      return current ? this.save(change(current)) : undefined;
    });
  }

  /** Written only when it changes the row (rowHolds). */
  replaceWith(profile: Profile | undefined): Promise<void> {
    return this.txHost.withTransaction(async () => {
      if (!profile) return void (await this.rows.deleteAll());
      const current = await this.rows.findOne({ where: { id: 1 }, lock: { mode: 'pessimistic_write' } });
      if (!current || !rowHolds(this.rows, current, this.rowOf(profile))) await this.save(profile);
    });
  }

  private rowOf(profile: Profile): ProfileEntity {
    return this.rows.create({ ...profile, links: [...profile.links], id: 1 });
  }
}

export const typeOrmProfile: PostgresAdapter<ProfileRepository> = (txHost) => new TypeOrmProfileRepository(txHost);
