import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { BoundedLru } from '../lib/bounded-lru.js';

/**
 * Statements that start with PREPARED run as named prepared statements on PostgreSQL: each
 * connection parses and plans them once, and after five runs PostgreSQL may keep a generic plan,
 * so a request no longer pays for planning. Only hot statements of a fixed shape are marked (a
 * name per distinct text, per connection; PostgreSQL keeps them until the connection closes). On
 * PGlite the mark is a comment and nothing else changes.
 */
export const PREPARED = '/* prepared */ ';

const names = new BoundedLru<string>(256);

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `renova_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/** A pg pool for Kysely whose clients run PREPARED statements by name. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (text: unknown, values?: unknown[]) =>
        typeof text === 'string' && text.startsWith(PREPARED)
          ? client.query({ name: nameOf(text), text, values })
          : client.query(text as string, values);
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: (destroy?: boolean) => client.release(destroy),
      };
    },
    end: () => pool.end(),
  };
}
