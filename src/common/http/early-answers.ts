import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** How long, and how many bytes, a connection answered early still reads (and drops) of what its client sends. */
export const LINGER_MS = 5_000;
export const LINGER_BYTES = 16 * 1024 * 1024;
/** How often the bytes read are looked at: the HTTP parser reads the socket natively, with no event to count by. */
const LINGER_CHECK_MS = 50;

/**
 * Closes the connection of a request answered before its body has all come in stages, as RFC
 * 9112 9.6 describes and nginx's lingering close does: the answer and our side's FIN first, then
 * whatever the client still sends is read and dropped (by the HTTP parser, as the rest of a body
 * no one reads), for LINGER_MS and about LINGER_BYTES at most, before the socket goes. Closed at
 * once, the socket would reset the connection while the client still uploads, and the client would
 * see ECONNRESET or EPIPE instead of the answer.
 */
export function closeInStages(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Connection', 'close');
  const { socket } = req;
  // Node's server calls it once the answer is written, for a response that closes its connection.
  socket.destroySoon = () => {
    socket.end();
    const readBefore = socket.bytesRead;
    const lingeringSince = Date.now();
    const check = setInterval(() => {
      if (Date.now() - lingeringSince >= LINGER_MS || socket.bytesRead - readBefore > LINGER_BYTES) socket.destroy();
    }, LINGER_CHECK_MS).unref();
    socket.once('close', () => clearInterval(check));
  };
}

/**
 * `Expect: 100-continue` is answered `100 Continue` only when something starts reading the body: a
 * request refused before that (401, 413, 415, 429) gets its refusal instead, and its client sends
 * no body. Node would answer 100 Continue to every such request as it arrives.
 */
export function continueOnlyWhenRead(server: Server): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    req.once('resume', () => {
      if (!res.headersSent) res.writeContinue();
    });
    server.emit('request', req, res);
  });
}
