/** How many request URLs the edge knows the answer key of; the least recently used go first. */
const MAX_URLS = 2_000;
/** Longer URLs are never remembered: the pipeline finds their answer by its key. */
const MAX_URL_LENGTH = 512;

/** The answer key each request URL the edge has seen stands for, so the edge answers a URL before any validation. */
export class KeysByUrl {
  private readonly keys = new Map<string, string>();

  get(url: string): string | undefined {
    return this.keys.get(url);
  }

  remember(url: string, key: string): void {
    if (url.length > MAX_URL_LENGTH) return;
    this.keys.delete(url);
    this.keys.set(url, key);
    if (this.keys.size > MAX_URLS) this.keys.delete(this.keys.keys().next().value!);
  }
}
