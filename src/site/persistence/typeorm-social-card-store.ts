import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { PostgresAdapter } from '@/database/storage-for';
import { SocialCardEntity } from '@/site/entities/social-card.entity';
import { SocialCardStore } from './social-card-store';

/** The social_cards table: one row per page and language, replaced when its card changes. */
class TypeOrmSocialCards extends SocialCardStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  async find(page: string, hash: string): Promise<Buffer | undefined> {
    return (await this.txHost.tx.getRepository(SocialCardEntity).findOne({ select: { png: true }, where: { page, hash } }))?.png;
  }

  async keep(page: string, hash: string, png: Buffer): Promise<void> {
    await this.txHost.tx.getRepository(SocialCardEntity).upsert({ page, hash, png, renderedAt: new Date() }, ['page']);
  }
}

export const typeOrmSocialCards: PostgresAdapter<SocialCardStore> = (txHost) => new TypeOrmSocialCards(txHost);
