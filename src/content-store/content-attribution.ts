import { Injectable } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';

/**
 * What made a change to content. The database records "database" for a change no write of the
 * service attributed: SQL typed by hand, another program.
 */
export const CONTENT_SOURCES = ['api', 'import', 'restore', 'sync', 'seed', 'publish'] as const;

export type ContentSource = (typeof CONTENT_SOURCES)[number];

export interface Attribution {
  source: ContentSource;
  /** The admin's name or email, "admin token", or null (the seed, a scheduled sync). */
  actor: string | null;
  /** The id of the request's write (contentWriteOf), echoed in the database's change announcement; none outside a request. */
  write?: string;
}

const ATTRIBUTION = Symbol('ContentAttribution');

/**
 * Who and what the content writes of the current async context are made by. Every transaction
 * started under an attribution tells the database (see ContentAttributionSubscriber), whose change
 * triggers record it beside the change.
 */
@Injectable()
export class ContentAttribution {
  constructor(private readonly cls: ClsService) {}

  current(): Attribution | undefined {
    return this.cls.isActive() ? this.cls.get<Attribution | undefined>(ATTRIBUTION) : undefined;
  }

  /**
   * Runs `work` with its writes attributed to `source`, and to `actor` (when not given: the actor
   * already attributed, if any); a request's writes carry its write id.
   */
  run<T>(source: ContentSource, work: () => Promise<T>, actor?: string | null, write?: string): Promise<T> {
    const current = this.current();
    const attribution: Attribution = {
      source,
      actor: actor === undefined ? (current?.actor ?? null) : actor,
      write: write ?? current?.write,
    };
    return this.cls.run({ ifNested: 'inherit' }, () => {
      this.cls.set(ATTRIBUTION, attribution);
      return work();
    });
  }

  /** Runs `work` attributed to nothing, and what it schedules too: background work a write set off (the history's recording) is not that write. */
  detached<T>(work: () => T): T {
    return this.cls.exit(work);
  }
}
