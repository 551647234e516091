import type pg from 'pg';
import { BoundedLru } from '../lib/bounded-lru.js';

/**
 * Row objects built by a function made once per column list (#25). pg builds each row by copying
 * a template object and storing every column by name; in a service whose statements return many
 * different column lists those stores are megamorphic, and a 50-row, 22-column page cost about
 * 36 µs more than the same rows in a server that runs one statement. Rows are read as arrays
 * instead (pg's rowMode 'array': the same type parsers, value by value) and turned into objects by
 * an object literal compiled for their column list, which V8 builds with the object's final
 * shape at once. The objects are what pg would have made: the same keys in the same order (a
 * repeated name keeps its first place and its last value), the same values, Object.prototype.
 */
type Build = (values: unknown[]) => Record<string, unknown>;

const builders = new BoundedLru<Build>(1_000);

/** pg's own way, for a list no literal can spell: a template's keys copied, then each value stored by name. */
function byName(names: string[]): Build {
  const template: Record<string, unknown> = Object.create(null);
  for (const name of names) template[name] = null;
  return (values) => {
    const row: Record<string, unknown> = { ...template };
    for (let i = 0; i < names.length; i++) row[names[i] as string] = values[i];
    return row;
  };
}

function compile(names: string[]): Build {
  // "__proto__" in a literal sets the prototype; in pg's rows it is an own key (copied from the template).
  if (names.includes('__proto__')) return byName(names);
  // JSON.stringify quotes every name as a valid JavaScript string literal: no name can be code.
  const body = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${body} };`) as Build;
}

/** The builder for a column list, compiled the first time the list is seen. */
export function rowBuilder(fields: readonly { name: string }[]): Build {
  const names = fields.map((f) => f.name);
  const key = names.join('\u0000');
  let build = builders.get(key);
  if (!build) {
    build = compile(names);
    builders.set(key, build);
  }
  return build;
}

/** A result read with rowMode 'array', its rows made objects (a multi-statement result, each one). */
export function rowsAsObjects<R>(result: R): R {
  for (const one of (Array.isArray(result) ? result : [result]) as pg.QueryResult[]) {
    if (!one?.fields || one.rows.length === 0) continue;
    const build = rowBuilder(one.fields);
    one.rows = (one.rows as unknown as unknown[][]).map(build);
  }
  return result;
}

/**
 * The query config that reads rows as arrays, for the arguments of a `client.query` call that
 * returns a promise of object rows: (text, values) or a plain config object. Null for anything
 * else (a callback, a submittable such as a cursor, a config that chose its own row mode).
 */
export function asArrayQuery(args: unknown[]): pg.QueryArrayConfig | null {
  if (args.some((a) => typeof a === 'function')) return null;
  const [first, values] = args;
  if (typeof first === 'string') return { text: first, values: values as unknown[] | undefined, rowMode: 'array' };
  if (first === null || typeof first !== 'object' || args.length > 1) return null;
  const config = first as pg.QueryConfig & { submit?: unknown; rowMode?: unknown; callback?: unknown };
  if (typeof config.text !== 'string' || config.submit !== undefined || config.rowMode !== undefined) return null;
  if (config.callback !== undefined) return null;
  return { ...config, rowMode: 'array' };
}
