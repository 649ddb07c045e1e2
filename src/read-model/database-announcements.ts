import { Injectable } from '@nestjs/common';
import { type Observable, Subject } from 'rxjs';

/** The channel the database announces a hidden (deleted) picture's id on to every instance, at commit (migration MediaChangesAnnounced). */
export const MEDIA_HIDDEN_CHANNEL = 'media_hidden';

/**
 * What the database announces to every instance (NOTIFY) beside content changes, by channel: each
 * channel asked for before start-up is listened to on the content listener's connection
 * (ContentChangesListener). While that connection is being replaced announcements can be missed:
 * `missed` tells when it is back, so that what was kept on their word is dropped.
 */
@Injectable()
export class DatabaseAnnouncements {
  private readonly byChannel = new Map<string, Subject<string>>();
  private readonly missedSome = new Subject<void>();
  readonly missed: Observable<void> = this.missedSome.asObservable();

  /** The payloads announced on the channel from now on. */
  on(channel: string): Observable<string> {
    let announced = this.byChannel.get(channel);
    if (!announced) this.byChannel.set(channel, (announced = new Subject<string>()));
    return announced.asObservable();
  }

  get channels(): string[] {
    return [...this.byChannel.keys()];
  }

  announce(channel: string, payload: string): void {
    this.byChannel.get(channel)?.next(payload);
  }

  reconnected(): void {
    this.missedSome.next();
  }
}
