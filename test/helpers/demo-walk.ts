import type { LightMyRequestResponse } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { Role } from '../../src/http/auth.js';
import { today } from '../../src/lib/business-date.js';
import { brDay } from './actions-factories.js';
import type { TestContext } from './app.js';
import { requestMatches } from './interface-operations.js';

/**
 * The demo walk's machinery (test/seed/demo-walk*.ts): a caller that remembers the request it
 * sent last, the demo entries of IE 1 by situation, and one step per operation. A step names its
 * operation as `METHOD /path/{param}` (the interface's spelling for the 106); the walk checks the
 * request the step ended on really is that operation and answered 2xx.
 */

export type Res = LightMyRequestResponse;
export interface DemoEntry {
  id: number;
  processo_id: number;
  contrato_id: number;
  bolsa_id: number;
}
export interface Step {
  op: string;
  how: string;
  run: (w: Walker) => Promise<Res>;
}

export const yesterday = () => brDay(-1);
/** `yyyy-mm` of the month `offset` months from today (São Paulo). */
export const month = (offset: number) => {
  const [y, m] = today().split('-').map(Number) as [number, number];
  const i = y * 12 + m - 1 + offset;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};

/** A carried lock (locked last semester) not kept yet this semester. */
export const UNKEPT_LOCK = sql`not exists (select 1 from evento_timeline x where x.entrada_id = e.id and x.acao = 'MANTER_TRANCAMENTO')
  and exists (select 1 from entrada_jornada p where p.contrato_id = e.contrato_id and p.jornada_id <> e.jornada_id and p.motivo = 'TRANCAMENTO')`;
/** The contract never had money credited (no signed addendum in any period): it may be deleted. */
export const NEVER_CREDITED = sql`not exists (select 1 from aditivo a where a.contrato_id = e.contrato_id and a.status = 'ASSINADO')`;

export class Walker {
  /** Entries a writing step already changed: later steps take others. */
  private readonly used = new Set<number>();
  last: { method: string; url: string } | undefined;
  readonly state: Record<string, number> = {};

  constructor(readonly t: TestContext) {}

  /** Calls as a user of IE 1 (of `ie` when given). */
  call(method: string, url: string, role: Role = 'IE', payload?: unknown, headers?: Record<string, string>, ie = 1) {
    this.last = { method, url };
    return this.t.call({
      method: method as 'GET',
      url,
      role,
      ies: role === 'OPERADOR' ? [] : [ie],
      payload: payload as object,
      headers,
    });
  }

  async rows<T>(query: RawBuilder<T>): Promise<T[]> {
    return (await query.execute(this.t.db)).rows;
  }

  async one<T>(query: RawBuilder<T>, what: string): Promise<T> {
    const [row] = await this.rows(query);
    if (!row) throw new Error(`the demo has no ${what}`);
    return row;
  }

  /** IE 1's open renewal journey. */
  async openJourney(): Promise<number> {
    return (
      await this.one(
        sql<{ id: number }>`select id from jornada where ie_id = 1 and status = 'ABERTA' and tipo = 'RENOVACAO'`,
        'open journey of IE 1',
      )
    ).id;
  }

  /** IE 1's entries of the open renewal journey in a situation (and motivo), not used by a writing step. */
  async entries(situacao: string, motivo: string | null = null, extra = sql`true`): Promise<DemoEntry[]> {
    const list = await this.rows(sql<DemoEntry>`
      select e.id, p.id as processo_id, e.contrato_id, e.bolsa_id
      from entrada_jornada e join jornada j on j.id = e.jornada_id join processo p on p.entrada_id = e.id
      where e.ie_id = 1 and j.status = 'ABERTA' and j.tipo = 'RENOVACAO' and e.situacao = ${situacao}
        and e.motivo is not distinct from ${motivo} and ${extra}
      order by e.id limit 60`);
    return list.filter((e) => !this.used.has(e.id));
  }

  /** Tries the entries in turn until one answers 2xx; a writing step then uses that entry up. */
  async firstOk(list: DemoEntry[], run: (e: DemoEntry) => Promise<Res>, writes = true): Promise<Res> {
    let last: Res | undefined;
    for (const e of list.slice(0, 12)) {
      last = await run(e);
      if (last.statusCode < 300) {
        if (writes) this.used.add(e.id);
        return last;
      }
    }
    return last ?? ({ statusCode: 0, body: 'no demo entry in that situation to try' } as Res);
  }
}

/** A step on one of IE 1's entries in a situation (motivo), tried entry after entry until one answers 2xx. */
export const onEntry = (
  op: string,
  situacao: string,
  motivo: string | null,
  run: (w: Walker, e: DemoEntry) => Promise<Res>,
  extra = sql`true`,
  how = '',
): Step => ({
  op,
  how: `${how ? `${how}, ` : ''}IE 1 entry ${situacao}${motivo ? `/${motivo}` : ''}`,
  run: async (w) => w.firstOk(await w.entries(situacao, motivo, extra), (e) => run(w, e), !op.startsWith('GET ')),
});

/** A GET of a path with no id (or the open journey's id in place of {journeyId}). */
export const read = (op: string, url = op.slice(4), role: Role = 'IE'): Step => ({
  op,
  how: `GET ${url}`,
  run: async (w) => w.call('GET', url.replace('{journeyId}', String(await w.openJourney())), role),
});

/** A call with a fixed body (an empty filter, an id-less path). */
export const send = (op: string, body: unknown = {}, role: Role = 'IE'): Step => {
  const [method, url] = op.split(' ') as [string, string];
  return { op, how: `${method} ${url} ${JSON.stringify(body)}`, run: (w) => w.call(method, url, role, body) };
};

/** Runs the steps in order; answers one line per step that did not end on its operation with a 2xx. */
export async function walk(w: Walker, steps: Step[]): Promise<string[]> {
  const failed: string[] = [];
  for (const step of steps) {
    w.last = undefined;
    const r = await step.run(w).catch((e: Error) => ({ statusCode: -1, body: String(e.stack) }) as Res);
    const sent = w.last as { method: string; url: string } | undefined;
    if (r.statusCode < 200 || r.statusCode >= 300)
      failed.push(`${step.op} (${step.how}): ${r.statusCode} ${r.body.slice(0, 300)}`);
    else if (!sent || !requestMatches(step.op, sent.method, sent.url))
      failed.push(`${step.op} (${step.how}): the 2xx came from ${sent?.method} ${sent?.url}, not this operation`);
  }
  return failed;
}
