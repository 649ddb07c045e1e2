/** Writes seen once (another instance's, or one whose announcement never comes: it changed no row) are forgotten after this many more. */
const MAX_WRITES_SEEN_ONCE = 1_000;

/**
 * Which changes are news here. A write of the service is seen twice on the instance that made it
 * (its own invalidation, and the database's announcement, in either order), by
 * `<domain>:<write id>`: the second time is no news. A change no write of the service names (SQL
 * typed by hand) always is.
 */
export class EchoedWrites {
  private readonly seenOnce = new Set<string>();

  isNews(domain: string, write: string | undefined): boolean {
    return write === undefined || !this.seenTwice(`${domain}:${write}`);
  }

  private seenTwice(write: string): boolean {
    if (this.seenOnce.delete(write)) return true;
    this.seenOnce.add(write);
    if (this.seenOnce.size > MAX_WRITES_SEEN_ONCE) this.seenOnce.delete(this.seenOnce.values().next().value!);
    return false;
  }
}
