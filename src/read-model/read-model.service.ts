import { Injectable } from '@nestjs/common';

/** What a public read depends on; a write to a domain invalidates every view of it. */
export type ContentDomain = 'projects' | 'experience' | 'skills' | 'awards' | 'certifications';

interface View {
  generation: number;
  value: Promise<unknown>;
}

/**
 * The public content, prepared once per change: each view (e.g. every project detail as a
 * PreparedBody) is built on first use from the database or the built-in data set, shared by
 * concurrent first uses, and dropped when its domain changes. A view still being built when
 * its domain changes is never kept.
 */
@Injectable()
export class ReadModel {
  private readonly views = new Map<string, View>();
  private readonly generations = new Map<ContentDomain, number>();

  view<T>(domain: ContentDomain, name: string, build: () => Promise<T>): Promise<T> {
    const key = `${domain}/${name}`;
    const generation = this.generations.get(domain) ?? 0;
    const cached = this.views.get(key);
    if (cached?.generation === generation) return cached.value as Promise<T>;
    const value = build();
    this.views.set(key, { generation, value });
    // A failed build is not remembered: the next read tries again.
    value.catch(() => {
      if (this.views.get(key)?.value === value) this.views.delete(key);
    });
    return value;
  }

  /** This instance's views of the domain are rebuilt on their next use. */
  invalidate(domain: ContentDomain): void {
    this.generations.set(domain, (this.generations.get(domain) ?? 0) + 1);
    for (const key of this.views.keys()) if (key.startsWith(`${domain}/`)) this.views.delete(key);
  }

  invalidateAll(): void {
    for (const domain of CONTENT_DOMAINS) this.invalidate(domain);
  }
}

export const CONTENT_DOMAINS: readonly ContentDomain[] = ['projects', 'experience', 'skills', 'awards', 'certifications'];
