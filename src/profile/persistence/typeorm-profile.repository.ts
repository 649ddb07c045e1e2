import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Repository } from 'typeorm';
import { ProfileEntity } from '@/profile/entities/profile.entity';
import { type Profile, ProfileRepository } from './profile.repository';

/** The `profile` table's one row (id 1). */
export class TypeOrmProfileRepository extends ProfileRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  private get rows(): Repository<ProfileEntity> {
    return this.txHost.tx.getRepository(ProfileEntity);
  }

  async find(): Promise<Profile | undefined> {
    return (await this.rows.findOneBy({ id: 1 })) ?? undefined;
  }

  save(profile: Profile): Promise<Profile> {
    return this.rows.save(this.rows.create({ ...profile, links: [...profile.links], id: 1 }));
  }

  async replaceWith(profile: Profile | undefined): Promise<void> {
    if (profile) await this.save(profile);
    else await this.rows.deleteAll();
  }
}
