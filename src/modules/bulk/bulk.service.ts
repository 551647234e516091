import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { badRequest, notFound, unprocessable } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { resolveList } from '../dashboard/dashboard.service.js';
import { pageQuery } from '../dashboard/list-query.js';
import { checkFilterIds, resolveScope } from '../dashboard/scope.js';
import type { BulkActionDef } from './bulk.actions.js';
import * as repo from './bulk.repository.js';
import type { BulkRunner } from './bulk.runner.js';
import { BULK_MAX, type BulkFilters, type BulkQuery } from './bulk.schemas.js';

type Body = Record<string, unknown> & { brbIds?: number[]; filtros?: BulkFilters };

const tooMany = () =>
  unprocessable(
    t(
      'Os filtros selecionam mais de 5.000 entradas, o máximo de uma ação em lote. Refine os filtros (curso, campus, situação, busca) e tente de novo.',
      'The filters select more than 5,000 entries, the most a bulk action takes. Narrow the filters (course, campus, situation, search) and try again.',
    ),
  );

/** Every entry the dashboard lists with these filters, in the list's order (at most BULK_MAX). */
async function entriesMatching(db: Db, caller: Caller, filtros: BulkFilters): Promise<repo.SelectedEntry[]> {
  const f = await resolveList(db, caller, filtros);
  if (!Array.isArray(f.journeys)) await resolveScope(db, caller, filtros);
  await checkFilterIds(db, caller, filtros);
  if (Array.isArray(f.journeys) && f.journeys.length === 0) return [];
  const sort = { by: filtros.ordenarPor ?? 'nome', dir: filtros.ordem ?? 'asc' } as const;
  const rows = await pageQuery(db, caller, f, sort, BULK_MAX + 1, 0).execute();
  if (rows.length > BULK_MAX) throw tooMany();
  return rows.map((r) => ({ brbId: Number(r.id), nome: r.estudante_nome, cpf: r.cpf }));
}

async function entriesNamed(db: Db, caller: Caller, ids: number[]): Promise<repo.SelectedEntry[]> {
  const names = await repo.namesOf(db, caller, ids);
  return ids.map((brbId) => ({ brbId, nome: names.get(brbId)?.nome ?? null, cpf: names.get(brbId)?.cpf ?? null }));
}

/**
 * Starts a bulk action: checks the action's fields once (a bad date is one 400, before anything),
 * resolves the selection, records the action with its pending entries, answers, and leaves the
 * entries to the runner. Another IE's id is not filtered out here: the single-entry service
 * refuses it with its own 404, so the result and the audit show exactly what acting alone would.
 */
export async function start(db: Db, runner: BulkRunner, request: FastifyRequest, def: BulkActionDef, body: Body) {
  const caller = request.caller;
  const { brbIds, filtros, ...fields } = body;
  if ((brbIds === undefined) === (filtros === undefined)) {
    throw badRequest(
      t(
        'Envie exatamente um destes: brbIds (as entradas escolhidas) ou filtros (todas as entradas que os filtros listam).',
        'Send exactly one of: brbIds (the chosen entries) or filtros (every entry the filters list).',
      ),
    );
  }
  const run = def.prepare(fields);
  const entries = brbIds ? await entriesNamed(db, caller, brbIds) : await entriesMatching(db, caller, filtros!);
  if (entries.length === 0) {
    throw unprocessable(
      t('Nenhuma entrada corresponde aos filtros; nada foi feito.', 'No entry matches the filters; nothing was done.'),
    );
  }
  const id = await repo.insertBulk(db, { acao: def.path, caller, dados: fields, correlacaoId: request.id, entries });
  runner.start({
    id,
    operacao: def.singleOperationId,
    audit: { caller, rota: request.routeOptions.url ?? request.url, requestId: request.id },
    brbIds: entries.map((e) => e.brbId),
    run,
  });
  return view(db, caller, id, { tamanho: 0 });
}

/** A bulk action with its counts and a page of its items; another IE's (or unknown) id is 404. */
export async function view(db: Db, caller: Caller, id: number, q: BulkQuery) {
  let bulk = await repo.findBulk(db, caller, id);
  if (bulk?.estado === 'EM_ANDAMENTO') {
    await repo.markIfStale(db, id);
    bulk = await repo.findBulk(db, caller, id);
  }
  if (!bulk) throw notFound(t(`Ação em lote ${id} não encontrada.`, `Bulk action ${id} not found.`));
  const pagina = q.pagina ?? 1;
  const tamanho = q.tamanho ?? 100;
  const counts = await repo.countsOf(db, id);
  const items = tamanho === 0 ? [] : await repo.itemsOf(db, id, q.resultado as never, tamanho, (pagina - 1) * tamanho);
  const totalItens = q.resultado
    ? counts[({ PENDENTE: 'pendentes', FEITO: 'feitos', RECUSADO: 'recusados' } as const)[q.resultado as 'FEITO']]
    : bulk.total;
  return {
    id: Number(bulk.id),
    acao: bulk.acao,
    dados: bulk.dados as Record<string, unknown>,
    estado: bulk.estado,
    correlacaoId: bulk.correlacao_id,
    criadaEm: bulk.criada_em.toISOString(),
    concluidaEm: bulk.concluida_em?.toISOString() ?? null,
    total: bulk.total,
    processados: counts.feitos + counts.recusados,
    feitos: counts.feitos,
    recusados: counts.recusados,
    itens: items.map((i) => ({
      brbId: Number(i.brb_id),
      estudante: i.estudante_nome,
      cpf: i.cpf,
      resultado: i.resultado,
      status: i.status,
      mensagem: i.mensagem as string | null,
      situacao: i.situacao,
    })),
    pagina,
    tamanho,
    totalItens,
  };
}
