import type { Logger } from '@nestjs/common';

/**
 * Runs a background task every `intervalMs`, never two rounds at once; a round that fails is
 * logged (`<event>_skipped`) and the next one tries again. The timer keeps no process alive, and
 * stop() waits for the round in flight.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> | undefined;

  constructor(
    private readonly event: string,
    private readonly task: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.round ??= this.task()
        .catch((error: unknown) => this.logger.warn({ event: `${this.event}_skipped`, reason: String(error) }))
        .finally(() => (this.round = undefined));
    }, intervalMs).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.round;
  }
}
