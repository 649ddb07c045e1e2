/** How long a loop over many items runs before it gives the event loop back. */
const SLICE_MS = 5;
/** The same for the owner's work (backgroundSlices): every visitor whose request comes meanwhile waits for its slice. */
const BACKGROUND_SLICE_MS = 2;

/**
 * Runs `then` after the event loop's next poll for I/O. In an I/O callback (a parser's last chunk,
 * a query's answer), an immediate still runs before the next poll; one queued by that immediate
 * runs after it. Node has no primitive for this: `scheduler.yield()` is an immediate too.
 */
export const afterTheNextPoll = (then: () => void): void => {
  setImmediate(() => setImmediate(then));
};

/** The event loop's next poll for I/O, awaited (afterTheNextPoll). */
const nextPoll = (): Promise<void> => new Promise((resolve) => afterTheNextPoll(resolve));

/** The longest that work no visitor waits for gives way at a time while the event loop serves others (backgroundSlices). */
const MOST_BACKGROUND_WAIT_MS = 20;
/** A poll given way to that comes back this soon found the event loop with nothing else to do. */
const QUIET_POLL_MS = 1;

/**
 * Gives the event loop back for as long as others keep it busy: poll after poll, until one comes
 * back at once (no request was waiting) or MOST_BACKGROUND_WAIT_MS have passed.
 */
async function whileOthersWork(): Promise<void> {
  const startedAt = performance.now();
  for (;;) {
    const pollStartedAt = performance.now();
    await nextPoll();
    const now = performance.now();
    if (now - pollStartedAt < QUIET_POLL_MS || now - startedAt >= MOST_BACKGROUND_WAIT_MS) return;
  }
}

/** Awaited before each item of a loop: once the loop has run `sliceMs` since it last gave way, `giveWay`. */
function slices(giveWay: () => Promise<void>, sliceMs: number): () => Promise<void> {
  let sliceStartedAt = performance.now();
  return async () => {
    if (performance.now() - sliceStartedAt <= sliceMs) return;
    await giveWay();
    sliceStartedAt = performance.now();
  };
}

/**
 * For a loop over as many items as a request may send (a content document's): awaited before each
 * item, it gives the event loop back once the loop has run SLICE_MS since it last did, so a large
 * document never holds other requests up for long.
 */
export const timeSlices = (): (() => Promise<void>) => slices(nextPoll, SLICE_MS);

/**
 * timeSlices for the owner's work that no visitor waits for (an import's parse, checks and writes,
 * the history's snapshot, an upload's hash), in slices of BACKGROUND_SLICE_MS: while requests keep
 * the event loop busy, each slice waits for them, up to MOST_BACKGROUND_WAIT_MS, so under a load
 * of reads such work takes about a tenth of the loop, and the reads the rest. On a quiet instance
 * it runs about as fast as timeSlices.
 */
export const backgroundSlices = (): (() => Promise<void>) => slices(whileOthersWork, BACKGROUND_SLICE_MS);

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
