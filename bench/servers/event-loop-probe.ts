/**
 * Preloaded into a server the bench starts (`--require`): watches how long the event loop is held
 * (monitorEventLoopDelay, 1 ms resolution) and answers the harness over IPC: `reset` starts a new
 * measurement, `read` sends the longest hold and the 99th percentile since, in milliseconds.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delays = monitorEventLoopDelay({ resolution: 1 });
delays.enable();

process.on('message', (message: unknown) => {
  if (message === 'reset') delays.reset();
  else if (message === 'read') process.send?.({ maxMs: delays.max / 1e6, p99Ms: delays.percentile(99) / 1e6 });
});
// The IPC channel must not keep the server alive once it is asked to stop.
process.channel?.unref();
