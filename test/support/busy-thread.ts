/** Keeps the thread busy for this long, as a parser's or a loop's work on a large body would: no timer or I/O runs meanwhile. */
export function busyFor(ms: number): void {
  for (const until = performance.now() + ms; performance.now() < until;);
}
