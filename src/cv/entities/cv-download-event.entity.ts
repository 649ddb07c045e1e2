import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('cv_download_events')
export class CvDownloadEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index()
  @Column({ type: 'text' })
  locale!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  downloadedAt!: Date;
}
