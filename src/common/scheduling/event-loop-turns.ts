/** How long a loop over many items runs before it gives the event loop back. */
const SLICE_MS = 5;

/**
 * Runs `then` after the event loop's next poll for I/O. In an I/O callback (a parser's last chunk,
 * a query's answer), an immediate still runs before the next poll; one queued by that immediate
 * runs after it. Node has no primitive for this: `scheduler.yield()` is an immediate too.
 */
export const afterTheNextPoll = (then: () => void): void => {
  setImmediate(() => setImmediate(then));
};

/**
 * For a loop over as many items as a request may send (a content document's): awaited before each
 * item, it gives the event loop back once the loop has run SLICE_MS since it last did, so a large
 * document never holds other requests up for long.
 */
export function timeSlices(): () => Promise<void> {
  let sliceStartedAt = performance.now();
  return async () => {
    if (performance.now() - sliceStartedAt <= SLICE_MS) return;
    await new Promise<void>((resolve) => afterTheNextPoll(resolve));
    sliceStartedAt = performance.now();
  };
}

/** `items.map(map)` for a list as long as a request may make it: the event loop given back every few milliseconds (timeSlices). */
export async function mappedInSlices<T, R>(items: readonly T[], map: (item: T) => R): Promise<R[]> {
  const giveWay = timeSlices();
  const mapped: R[] = [];
  for (const item of items) {
    await giveWay();
    mapped.push(map(item));
  }
  return mapped;
}
