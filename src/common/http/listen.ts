import type { Server } from 'node:http';
import { networkInterfaces } from 'node:os';

/** Listens on every interface; rejects with the server's error (EADDRINUSE, EACCES) rather than logging it. */
export function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => server.once('error', reject).listen(port, () => resolve()));
}

/** Where the service can be reached on this host: localhost, then each external IPv4 address. */
export function listeningUrls(port: number): string[] {
  const external = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address !== undefined && address.family === 'IPv4' && !address.internal)
    .map((address) => `http://${address!.address}:${port}`);
  return [`http://localhost:${port}`, ...external];
}
