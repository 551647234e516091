import net from 'node:net';

/**
 * A TCP proxy the test controls, standing for the network between the service and PostgreSQL.
 * `blackhole()` is a silent partition: from then on bytes in either direction are dropped and no
 * socket is closed or reset (a close on one side is not passed on), so neither end hears anything,
 * as when a switch or a firewall drops packets. A connection opened meanwhile is accepted (the
 * kernel does that) and then hears nothing. `deafen()` is a one-way loss: what the service sends
 * still reaches PostgreSQL, which runs it, and only the answers are dropped (a statement that
 * commits while its answer is lost). `restore()` forwards again: connections that lived through
 * the partition carry on; those that ended meanwhile are closed on the other side too.
 */
export class BlackholeProxy {
  readonly #server: net.Server;
  readonly #pairs = new Set<{ client: net.Socket; upstream: net.Socket | null; ended: boolean }>();
  #dropping = false;
  #deaf = false;

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

  /** From now on PostgreSQL's answers are dropped; the service's statements still reach it. */
  deafen() {
    this.#deaf = true;
  }

  restore() {
    this.#dropping = false;
    this.#deaf = false;
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
    // `answers`: PostgreSQL's side, dropped while deaf (a close too, as a lost FIN would be).
    const forward = (from: net.Socket, to: net.Socket, answers: boolean) => {
      const passes = () => !this.#dropping && !(answers && this.#deaf);
      from.on('data', (chunk) => {
        if (passes()) to.write(chunk);
      });
      from.on('close', () => {
        pair.ended = true;
        if (passes()) this.#close(pair);
      });
    };
    forward(client, upstream, false);
    forward(upstream, client, true);
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
