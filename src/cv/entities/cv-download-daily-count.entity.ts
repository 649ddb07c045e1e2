import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The downloads of a language on a day, kept once the day's download events are past their retention. */
@Entity('cv_download_daily_counts')
export class CvDownloadDailyCountEntity {
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @PrimaryColumn({ type: 'text' })
  locale!: string;

  @Column({ type: 'integer' })
  downloads!: number;
}
