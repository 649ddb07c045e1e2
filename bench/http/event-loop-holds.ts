import type { BenchServer } from './processes';
import type { Target } from './report';

/** The owner's work must never hold the event loop the visitors' reads are answered on longer than this. */
const MOST_HELD_MS = 50;

/** The target for the longest hold measured while the owner's work ran: `what` names that work. */
export const holdTarget = (what: string, longestMs: number): Target => ({
  goal: `the event loop never held more than ${MOST_HELD_MS} ms at a time ${what}`,
  measured: `${longestMs.toFixed(0)} ms`,
  reached: longestMs <= MOST_HELD_MS,
});

/** The longest a probed service's event loop was held during the measurements it was asked to watch. */
export class LongestHold {
  private longestMs = 0;

  constructor(private readonly service: BenchServer) {}

  /** Watches the service's event loop while `work` runs. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.service.resetEventLoop();
    const result = await work();
    this.longestMs = Math.max(this.longestMs, (await this.service.eventLoop()).maxMs);
    return result;
  }

  target(what: string): Target {
    return holdTarget(what, this.longestMs);
  }
}
