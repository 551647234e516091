import { randomBytes } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/database.js';
import { callerHasIe } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { type Text, t } from '../../http/i18n.js';
import type { SecurityRefusal } from '../../http/security-hooks.js';
import type * as schemas from './integrations.schemas.js';
import { urlProblem } from './url-policy.js';
import * as repo from './webhooks.repository.js';

type Endpoint = Static<typeof schemas.WebhookEndpointSchema>;
type Delivery = Static<typeof schemas.WebhookDeliverySchema>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toEndpoint(row: repo.EndpointRow): Endpoint {
  return {
    id: row.id,
    ieId: row.ie_id,
    url: row.url,
    descricao: row.descricao,
    eventos: row.eventos as Endpoint['eventos'],
    ativo: row.ativo,
    desativadoEm: iso(row.desativado_em),
    desativadoMotivo: row.desativado_motivo,
    criadoPor: row.criado_por,
    criadoEm: iso(row.created_at)!,
  };
}

const endpointNotFound = (id: number) =>
  notFound(t(`Endpoint de webhook ${id} não encontrado.`, `Webhook endpoint ${id} not found.`));

async function mustFind(db: Db, caller: Caller, id: number) {
  const row = await repo.findEndpoint(db, caller, id);
  if (!row) throw endpointNotFound(id);
  return row;
}

/** A webhook URL the policy refused: http/security-hooks.ts logs `security` as an event. */
class RefusedUrlError extends AppError {
  readonly security: SecurityRefusal;
  constructor(problem: Text, url: string) {
    super(422, 'rule-violated', problem, { campo: 'url' });
    const host = URL.canParse(url) ? new URL(url).hostname : '';
    this.security = { event: 'url_refused', reason: problem.en, host, at: 'registration' };
  }
}

async function checkUrl(url: string, production: boolean) {
  const problem = await urlProblem(url, production);
  if (problem) throw new RefusedUrlError(problem, url);
}

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export async function create(
  db: Db,
  caller: Caller,
  body: Static<typeof schemas.CreateEndpointBody>,
  production: boolean,
) {
  let ieId = body.ieId;
  if (ieId === undefined) {
    if (caller.ies.length !== 1) {
      throw new AppError(
        400,
        'validation',
        t('Informe ieId: o token dá acesso a mais de uma IE.', 'Give ieId: the token holds more than one IE.'),
        { errors: [{ pointer: '/ieId', message: 'required' }] },
      );
    }
    ieId = caller.ies[0]!;
  }
  if (!callerHasIe(caller, ieId)) throw notFound(t(`IE ${ieId} não encontrada.`, `IE ${ieId} not found.`));
  await checkUrl(body.url, production);
  const segredo = newSecret();
  const row = await repo.insertEndpoint(db, {
    ieId,
    url: body.url,
    eventos: body.eventos,
    descricao: body.descricao ?? null,
    segredo,
    criadoPor: caller.sub,
  });
  return { ...toEndpoint(row), segredo };
}

export async function list(db: Db, caller: Caller, query: Static<typeof schemas.ListQuery>) {
  const pagina = query.pagina ?? 1;
  const tamanho = query.tamanho ?? 20;
  const { rows, total } = await repo.listEndpoints(db, caller, (pagina - 1) * tamanho, tamanho);
  return { itens: rows.map(toEndpoint), pagina, tamanho, total, totalPaginas: Math.ceil(total / tamanho) };
}

export async function get(db: Db, caller: Caller, id: number) {
  return toEndpoint(await mustFind(db, caller, id));
}

export async function update(
  db: Db,
  caller: Caller,
  id: number,
  body: Static<typeof schemas.UpdateEndpointBody>,
  production: boolean,
) {
  if (body.url !== undefined) await checkUrl(body.url, production);
  return db.transaction().execute(async (trx) => {
    const before = await mustFind(trx, caller, id);
    const row = await repo.updateEndpoint(trx, id, body);
    if (body.ativo === true && !before.ativo) await repo.resumeDeliveries(trx, id);
    return toEndpoint(row);
  });
}

export async function remove(db: Db, caller: Caller, id: number) {
  await mustFind(db, caller, id);
  await repo.deleteEndpoint(db, id);
}

async function withAttempts(db: Db, rows: Awaited<ReturnType<typeof repo.listDeliveries>>['rows']) {
  const attempts = await repo.attemptsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(
    (r): Delivery => ({
      id: r.id,
      mensagemId: r.mensagem_id,
      tipo: r.tipo as Delivery['tipo'],
      status: r.status,
      tentativas: r.tentativas,
      proximaTentativaEm: r.status === 'PENDENTE' ? iso(r.proxima_em) : null,
      entregueEm: iso(r.entregue_em),
      criadaEm: iso(r.created_at)!,
      historico: attempts
        .filter((a) => a.entrega_id === r.id)
        .map((a) => ({
          tentativa: a.tentativa,
          statusHttp: a.status_http,
          erro: a.erro,
          latenciaMs: a.latencia_ms,
          em: iso(a.created_at)!,
        })),
    }),
  );
}

export async function deliveries(db: Db, caller: Caller, id: number, query: Static<typeof schemas.DeliveryQuery>) {
  await mustFind(db, caller, id);
  const pagina = query.pagina ?? 1;
  const tamanho = query.tamanho ?? 20;
  const { rows, total } = await repo.listDeliveries(db, id, query.status, (pagina - 1) * tamanho, tamanho);
  return {
    itens: await withAttempts(db, rows),
    pagina,
    tamanho,
    total,
    totalPaginas: Math.ceil(total / tamanho),
  };
}

export async function redeliver(db: Db, caller: Caller, id: number, entregaId: number) {
  const endpoint = await mustFind(db, caller, id);
  const delivery = await repo.findDelivery(db, id, entregaId);
  if (!delivery) throw notFound(t(`Entrega ${entregaId} não encontrada.`, `Delivery ${entregaId} not found.`));
  if (!endpoint.ativo) {
    throw conflict(
      t(
        `O endpoint ${id} está desativado; reative-o (ativo: true) para reenviar.`,
        `Endpoint ${id} is disabled; enable it (ativo: true) to redeliver.`,
      ),
    );
  }
  await repo.redeliver(db, entregaId);
  const [row] = await withAttempts(db, [(await repo.findDelivery(db, id, entregaId))!]);
  return row!;
}
