import { Injectable } from '@nestjs/common';
import type { DocumentParts } from '@/content';

/** Content not yet published (the owner's draft): the parts it holds, or undefined when there are none. */
export type UnpublishedContent = () => Promise<DocumentParts | undefined>;

/**
 * Where content not yet published may name pictures, registered by the module that keeps it (the
 * drafts, above media): a picture named there is in use too, so it cannot be deleted from under a
 * publish that would show it.
 */
@Injectable()
export class UnpublishedMediaUses {
  private readonly sources: UnpublishedContent[] = [];

  register(source: UnpublishedContent): void {
    this.sources.push(source);
  }

  async parts(): Promise<DocumentParts[]> {
    return (await Promise.all(this.sources.map((source) => source()))).filter((parts) => parts !== undefined);
  }
}
