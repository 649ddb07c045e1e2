import { createServer, type Server, type Socket, connect } from 'node:net';

/** A loopback TCP proxy that a test can cut and restore, to make a peer vanish and come back. */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly target: { host: string; port: number },
    public port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.listen();
    return proxy;
  }

  /** Closes the listener and every open connection: the peer is gone. */
  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /**
   * Stops forwarding on the connections open now, which stay open: to both ends the other is
   * silent, as across a NAT or a proxy that forgot the connection (half-open). New connections are
   * forwarded as before.
   */
  stall(): void {
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  /** Listens again on the same port: the peer is back. */
  async restore(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }
}
