// Node's compile cache is turned on first, so that the service itself (bootstrap.js, one bundled
// file once built: rolldown.config.mjs) is read from it too.
import './compile-cache';
import './bootstrap';
