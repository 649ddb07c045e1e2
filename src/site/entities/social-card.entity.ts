import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A page's rendered social card in one language: one row each, replaced when what the card shows changes. */
@Entity('social_cards')
export class SocialCardEntity {
  /** The page and language: `home:english`, `projects/tidewatch:dutch`. */
  @PrimaryColumn({ type: 'text' })
  page!: string;

  /** Of everything the card's pixels are made from (CardRenderer's key). */
  @Column({ type: 'text' })
  hash!: string;

  @Column({ type: 'bytea' })
  png!: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  renderedAt!: Date;
}
