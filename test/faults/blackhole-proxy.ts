import net from 'node:net';

/**
 * A TCP proxy the test controls, standing for the network between the service and PostgreSQL.
 * `blackhole()` is a silent partition: from then on bytes in either direction are dropped and no
 * socket is closed or reset (a close on one side is not passed on), so neither end hears anything,
 * as when a switch or a firewall drops packets. A connection opened meanwhile is accepted (the
 * kernel does that) and then hears nothing. `restore()` forwards again: connections that lived
 * through the partition carry on; those that ended meanwhile are closed on the other side too.
 */
export class BlackholeProxy {
  readonly #server: net.Server;
  readonly #pairs = new Set<{ client: net.Socket; upstream: net.Socket | null; ended: boolean }>();
  #dropping = false;

  constructor(
    readonly port: number,
    private readonly target: number,
  ) {
    this.#server = net.createServer((client) => this.#accept(client));
  }

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  get dropping() {
    return this.#dropping;
  }

  blackhole() {
    this.#dropping = true;
  }

  restore() {
    this.#dropping = false;
    for (const pair of [...this.#pairs]) {
      if (pair.ended || !pair.upstream) this.#close(pair);
    }
  }

  #accept(client: net.Socket) {
    const pair = { client, upstream: null as net.Socket | null, ended: false };
    this.#pairs.add(pair);
    client.on('error', () => {});
    if (this.#dropping) {
      // Never reaches the server: its bytes go nowhere until the socket is closed by restore().
      client.on('data', () => {});
      client.on('close', () => {
        pair.ended = true;
      });
      return;
    }
    const upstream = net.connect({ host: '127.0.0.1', port: this.target });
    pair.upstream = upstream;
    upstream.on('error', () => {});
    const forward = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk) => {
        if (!this.#dropping) to.write(chunk);
      });
      from.on('close', () => {
        pair.ended = true;
        if (!this.#dropping) this.#close(pair);
      });
    };
    forward(client, upstream);
    forward(upstream, client);
  }

  #close(pair: { client: net.Socket; upstream: net.Socket | null }) {
    pair.client.destroy();
    pair.upstream?.destroy();
    this.#pairs.delete(pair as never);
  }

  close(): Promise<void> {
    for (const pair of [...this.#pairs]) this.#close(pair);
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
