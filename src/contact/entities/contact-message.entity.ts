import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** pending until both mails were handed to the mail server; failed keeps the reason. */
export type DeliveryStatus = 'pending' | 'sent' | 'failed';

/** Stored before any mail is sent, so no message is ever lost. */
@Entity('contact_messages')
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ type: 'text', nullable: true })
  company!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  receivedAt!: Date;

  @Column({ type: 'text', default: 'pending' })
  deliveryStatus!: DeliveryStatus;

  @Column({ type: 'text', nullable: true })
  deliveryError!: string | null;

  /** Background attempts after the first failed one; they stop at ContactRedelivery's limit. */
  @Column({ type: 'integer', default: 0 })
  redeliveryAttempts!: number;
}
