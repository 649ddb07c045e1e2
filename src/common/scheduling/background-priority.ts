/**
 * The nice value of the work no request waits for (an upload's encoding, a social card's drawing):
 * the least of the CPU whenever anything else wants it, so the public reads beside it go first
 * (BENCHMARKS.md, Media and Social cards). On Linux a thread has a nice value of its own.
 */
export const BACKGROUND_NICE = 19;
