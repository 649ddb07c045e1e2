import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How far an event source has been sent: for content, the newest revision a `content.published` event named. */
@Entity('webhook_event_cursors')
export class WebhookEventCursorEntity {
  @PrimaryColumn({ type: 'text' })
  source!: string;

  @Column({ type: 'integer' })
  position!: number;
}
