import { CompiledQuery, type Transaction } from 'kysely';
import { arrayLiteral } from '../db/array-literal.js';
import type { Database } from '../db/schema.js';

/**
 * Set-based writing: rows are gathered per column in JS and each batch goes to the database as
 * one statement, `insert ... select ... from (select unnest($1::int8[]), unnest($2::text[]), ...)`,
 * which runs the same on PostgreSQL and PGlite. Arrays travel as literal text (db/array-literal.ts),
 * much cheaper than the driver's generic array serialization for millions of values.
 */
export type ColumnType = 'int8' | 'int4' | 'text' | 'date' | 'numeric' | 'jsonb' | 'bool' | 'tags' | 'ts';

/**
 * A column is sent as its type's array. With `repeated`, its values (few distinct ones repeated
 * over many rows: situations, actions, statuses) travel as indexes into a dictionary sent once
 * per statement, which shrinks what the database parses several times.
 */
export type Column = readonly [name: string, type: ColumnType, options?: { repeated: true }];

/** How each type travels (array cast) and becomes the column's value (expression over `c`). */
const WIRE: Record<ColumnType, { cast: string; expr: (c: string) => string }> = {
  int8: { cast: 'int8[]', expr: (c) => c },
  int4: { cast: 'int4[]', expr: (c) => c },
  text: { cast: 'text[]', expr: (c) => c },
  date: { cast: 'date[]', expr: (c) => c },
  numeric: { cast: 'numeric[]', expr: (c) => c },
  jsonb: { cast: 'jsonb[]', expr: (c) => c },
  bool: { cast: 'bool[]', expr: (c) => c },
  // A text[] per row travels as the text of its literal: unnest would flatten an array of arrays.
  tags: { cast: 'text[]', expr: (c) => `${c}::text[]` },
  // Whole seconds since the epoch.
  ts: { cast: 'int8[]', expr: (c) => `to_timestamp(${c})` },
};

/** Past this many distinct values a `repeated` column is sent plainly (see drain). */
const MAX_DICTIONARY = 128;

const NUMERIC_WIRE = new Set<ColumnType>(['int8', 'int4', 'ts']);

function literal(type: ColumnType, values: unknown[]): string {
  return arrayLiteral(NUMERIC_WIRE.has(type) ? 'number' : type === 'bool' ? 'bool' : 'text', values);
}

/** Rows for one table, kept as one array per column. */
export class TableBuffer {
  private data: unknown[][];
  private dictionaries: (Map<string, number> | null)[];
  private tags: boolean[];
  private rows = 0;
  constructor(
    readonly table: string,
    readonly columns: readonly Column[],
  ) {
    this.data = columns.map(() => []);
    this.dictionaries = columns.map(([, , options]) => (options?.repeated ? new Map() : null));
    this.tags = columns.map(([, type]) => type === 'tags');
  }

  /** One row; values in the order of `columns`. */
  add(...values: unknown[]): void {
    for (let i = 0; i < this.data.length; i++) {
      const dictionary = this.dictionaries[i];
      // A tag list travels as the text of its literal (and is looked up in a dictionary by that text).
      const v = this.tags[i] && values[i] ? `{${(values[i] as string[]).join(',')}}` : values[i];
      if (dictionary && v !== null && v !== undefined) {
        // Arrays are 1-based in PostgreSQL; index 0 reads as NULL.
        let index = dictionary.get(v as string);
        if (index === undefined) {
          index = dictionary.size + 1;
          dictionary.set(v as string, index);
        }
        this.data[i]!.push(index);
      } else this.data[i]!.push(dictionary ? 0 : v);
    }
    this.rows++;
  }

  get size(): number {
    return this.rows;
  }

  /** The insert as a data-modifying CTE body, its parameters appended to `params`; empties the buffer. */
  drain(params: unknown[]): string {
    const names = this.columns.map(([name]) => name);
    const arrays: string[] = [];
    const exprs = this.columns.map(([, type], i) => {
      let dictionary = this.dictionaries[i];
      if (dictionary && dictionary.size > MAX_DICTIONARY) {
        // Too many distinct values to look up by subscript (text arrays are scanned from the start): send them plainly.
        const keys = [null, ...dictionary.keys()];
        this.data[i] = this.data[i]!.map((index) => keys[index as number]);
        dictionary.clear();
        dictionary = null;
      }
      params.push(dictionary ? `{${this.data[i]!.join(',')}}` : literal(type, this.data[i]!));
      arrays.push(`$${params.length}::${dictionary ? 'int4[]' : WIRE[type].cast}`);
      if (!dictionary) return WIRE[type].expr(`c${i}`);
      params.push(literal(type, [...dictionary.keys()]));
      dictionary.clear();
      return WIRE[type].expr(`($${params.length}::${WIRE[type].cast})[c${i}]`);
    });
    // unnest() in the select list walks the arrays in step without first copying each into a
    // tuplestore, as unnest() in FROM does: a fifth less work for the database on big loads.
    const unnests = arrays.map((array, i) => `unnest(${array}) as c${i}`);
    this.data = this.columns.map(() => []);
    this.rows = 0;
    return `insert into ${this.table} (${names.join(', ')}) select ${exprs.join(', ')} from (select ${unnests.join(', ')}) as u`;
  }
}

/** Writes several tables' buffers in one statement (foreign keys are checked at its end). */
export function compileInsert(buffers: readonly TableBuffer[]): CompiledQuery | null {
  const params: unknown[] = [];
  const parts = buffers.filter((b) => b.size > 0).map((b, i) => `t${i} as (${b.drain(params)})`);
  if (parts.length === 0) return null;
  return CompiledQuery.raw(`with ${parts.join(', ')} select 1`, params);
}

/** How long generating rows may hold the event loop while a statement is on its way (see `generating`). */
const SLICE_MS = 4;

/**
 * Overlaps generating the next batch in JS with the database writing the previous one: `flush`
 * sends a statement and returns once it has begun to leave, so at most one statement is in flight.
 */
export class PipelinedWriter {
  private inflight: Promise<unknown> = Promise.resolve();
  private sliceStarted = performance.now();
  constructor(
    private readonly trx: Transaction<Database>,
    private readonly buffers: readonly TableBuffer[],
  ) {}

  async flush(): Promise<void> {
    const query = compileInsert(this.buffers);
    await this.inflight;
    if (!query) return;
    const sent = this.trx.executeQuery(query);
    // Awaited by the next flush or finish; this only keeps a failure from being reported as unhandled meanwhile.
    sent.catch(() => {});
    this.inflight = sent;
    await this.yieldToIo();
  }

  /**
   * Called for each unit of rows generated. A statement's parameters (megabytes) do not fit in the
   * socket's buffer: the driver sends the rest only when the event loop runs, and the database
   * starts only once it has them all. Generating a whole batch without yielding left the database
   * idle until the next flush, so this yields every few milliseconds (the 1M seed's contracts
   * stage: 59 s to 48 s on a 2-core machine).
   */
  async generating(): Promise<void> {
    if (performance.now() - this.sliceStarted >= SLICE_MS) await this.yieldToIo();
  }

  /** Lets the event loop run (the driver writes what the socket takes), and starts a new slice. */
  private async yieldToIo(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.sliceStarted = performance.now();
  }

  async finish(): Promise<void> {
    await this.flush();
    await this.inflight;
  }
}

/** Inserts the buffers now (small tables). */
export async function insertNow(trx: Transaction<Database>, ...buffers: TableBuffer[]): Promise<void> {
  const query = compileInsert(buffers);
  if (query) await trx.executeQuery(query);
}
