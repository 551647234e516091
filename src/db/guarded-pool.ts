import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { asArrayQuery, rowsAsObjects } from './array-rows.js';
import { isConnectionLoss } from './connection-loss.js';

/** Where a pool reports a connection it lost (the service's logger; silent by default). */
export type ConnectionErrorSink = (error: Error) => void;

let sink: ConnectionErrorSink = () => {};

/** Sets where lost connections are reported (server.ts passes the app's logger). */
export function onConnectionError(report: ConnectionErrorSink): void {
  sink = report;
}

/**
 * A pg pool whose connections can never end the process, for Kysely. pg emits 'error' on a Client
 * whose socket drops (postmaster killed, failover, a backend terminated); pg-pool listens only
 * while the client is idle in the pool, so a client lent to a request had no listener and the
 * event ended the process (issue 24). Every client gets a listener of its own as it connects, for
 * its whole life. The query in flight fails on its own (Kysely's caller gets the error, mapped to
 * 503), and a client that saw a lost connection or a read timeout is destroyed on release instead
 * of going back to the pool half-broken.
 */
export function guardPool(pool: pg.Pool): PostgresPool {
  pool.on('error', (error) => sink(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => sink(error));
  });
  // One wrapper per client for its whole life (a request borrows a client for each statement).
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let broken = false;
    const query = ((...args: Parameters<pg.PoolClient['query']>) => {
      // A client that lost its connection (or timed out waiting on an answer that may never come)
      // fails at once: a ROLLBACK queued behind the unanswered statement would wait another query
      // timeout in a silent partition.
      if (broken) return Promise.reject(new Error('Connection terminated: this connection was lost earlier'));
      // Rows come as arrays and are made objects by a builder compiled per column list (array-rows.ts).
      const arrayQuery = asArrayQuery(args);
      const result = arrayQuery
        ? client.query(arrayQuery).then(rowsAsObjects)
        : (client.query as (...a: unknown[]) => unknown)(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).catch((error: unknown) => {
          if (isConnectionLoss(error)) broken = true;
        });
      }
      return result;
    }) as unknown as PostgresPoolClient['query'];
    return { query, release: (destroy?: boolean) => client.release(destroy || broken ? true : undefined) };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => endPool(pool),
  };
}

/**
 * Ends a pg pool once: Kysely ends its pool only if it ever connected through it, and a pool
 * whose reads all went straight to it (direct.ts) is ended by its owner's close as well.
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  if (!pool.ending) await pool.end();
}
