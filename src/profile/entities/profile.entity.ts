import { Check, Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Localised } from '@/content';

export interface ProfileLink {
  label: string;
  url: string;
}

/** The person behind the portfolio: one row, or none until the owner sets it. */
@Entity('profile')
@Check('ck_profile_single_row', '"id" = 1')
export class ProfileEntity {
  @PrimaryColumn({ type: 'smallint', default: 1 })
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'jsonb' })
  headline!: Localised;

  @Column({ type: 'jsonb' })
  summary!: Localised;

  @Column({ type: 'text', default: '' })
  location!: string;

  @Column({ type: 'text', default: '' })
  email!: string;

  @Column({ type: 'text', default: '' })
  website!: string;

  @Column({ type: 'text', default: '' })
  photo!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  links!: ProfileLink[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
