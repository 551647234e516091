import type { PostgresPool } from 'kysely';

/**
 * pg-boss's statements, each on a client borrowed from the service's pool and given back, as
 * Kysely runs the requests' (through the same guarded pool: a client that lost its connection is
 * closed, not given back). Not through pg-boss's own pool, nor through pg-pool's `pool.query`:
 * with either, pg-boss's pollers (its cron worker looks every 5 s) kept the young objects of the
 * requests served beside them alive through every scavenge until the next full collection. The
 * tab list then spent 105-111 ms of scavenges per 1,000 requests (1.4-1.7 MB surviving each),
 * against 32-54 ms this way (0.04-0.22 MB; #25, docs/benchmarks.md "Session 25"). Its statements
 * now have the service's statement limit; its tables are small.
 *
 * A client whose statement failed is closed, not given back, as `pool.query` does: pg-boss sends
 * some work as one string `BEGIN; …; COMMIT;`, and a failure inside it (two instances starting at
 * once collide on creating a queue, 23505) leaves that session in an aborted transaction, which
 * the next request lent the client would answer 500 with (25P02; found by the two-instance test).
 */
export function onLentClient(pool: PostgresPool) {
  return async (text: string, values: unknown[] | undefined) => {
    const client = await pool.connect();
    let failed = false;
    try {
      return await client.query(text, values as unknown[]);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      client.release(failed);
    }
  };
}
