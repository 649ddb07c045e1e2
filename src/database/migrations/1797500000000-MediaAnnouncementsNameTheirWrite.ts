import type { MigrationInterface, QueryRunner } from 'typeorm';
import { announceMediaChange } from './1797400000000-MediaChangesAnnounced';

/**
 * A picture's change announcement names the write of the service that made it, as a content
 * table's does (migration ChangeAnnouncementsNameTheirWrite): the instance that made it has
 * renewed its answers already, and knows the echo as its own rather than as a second change.
 */
export class MediaAnnouncementsNameTheirWrite1797500000000 implements MigrationInterface {
  name = 'MediaAnnouncementsNameTheirWrite1797500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(announceMediaChange(`domain || coalesce(':' || nullif(current_setting('portfolio.write', true), ''), '')`));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(announceMediaChange('domain'));
  }
}
