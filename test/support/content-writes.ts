import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CONTENT_DOMAINS, type ContentDomain } from '@/content';
import { ContentWrites } from '@/content-writes/content-writes.service';

/** How a write is made, as an admin's request makes it: to what visitors see, or to the draft; and the domains it changed (a publish says). */
export interface WriteOptions<T> {
  toDraft?: boolean;
  changed?: (answer: T) => readonly ContentDomain[];
  /** Who the history says made it: the static admin token unless said (the certification sync takes no bearer: null). */
  actor?: string | null;
  /** What it may change, as its controller serves them: every domain unless said. */
  domains?: readonly ContentDomain[];
}

/**
 * Content writes of this app through the one path a controller takes (ContentWrites.run), without HTTP: for the tiers that test what a write does below its route.
 */
export const contentWritesOf =
  (app: INestApplication) =>
  <T>(
    work: () => Promise<T>,
    { toDraft = false, changed, actor = 'admin token', domains = CONTENT_DOMAINS }: WriteOptions<T> = {},
  ): Promise<T> =>
    app.get(ContentWrites).run({ id: randomUUID(), actor, toDraft, domains }, work, changed);
