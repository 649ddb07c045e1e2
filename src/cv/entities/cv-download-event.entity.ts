import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('cv_download_events')
export class CvDownloadEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index()
  @Column({ type: 'text' })
  locale!: string;

  @Index('IDX_cv_download_events_downloaded_at')
  @CreateDateColumn({ type: 'timestamptz' })
  downloadedAt!: Date;
}
