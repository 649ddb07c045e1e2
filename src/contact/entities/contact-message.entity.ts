import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

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
}
