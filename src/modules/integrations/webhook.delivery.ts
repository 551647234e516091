import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/database.js';
import { securityEvent } from '../../http/security-events.js';
import { failSpan, inSpan, SpanKind, traceHeaders } from '../../telemetry/tracing.js';
import { notify } from '../notifications/notify.js';
import type { Claim } from './email.delivery.js';
import { backoffDelay, type IntegrationsConfig } from './integrations.config.js';
import { literalAllowed, policedLookup } from './url-policy.js';

/** Claims due deliveries of active endpoints for one lease (see claimDueEmails). */
export async function claimDueDeliveries(db: Db, limit: number, leaseMs: number): Promise<Claim[]> {
  const result = await sql<Claim>`
    update webhook_entrega set proxima_em = now() + ${leaseMs} * interval '1 millisecond'
    where id in (
      select d.id from webhook_entrega d join webhook_endpoint e on e.id = d.endpoint_id and e.ativo
      where d.status = 'PENDENTE' and d.proxima_em <= now()
      order by d.proxima_em, d.id limit ${limit} for update of d skip locked)
    returning id, tentativas`.execute(db);
  return result.rows;
}

/** The body every endpoint receives: Standard Webhooks' `type`, `timestamp`, `data`. */
export function webhookBody(message: { tipo: string; created_at: Date; dados: unknown }): string {
  return JSON.stringify({ type: message.tipo, timestamp: message.created_at.toISOString(), data: message.dados });
}

export interface PostOutcome {
  status: number | null;
  error: string | null;
  latencyMs: number;
}

/** A receiver's answer is read up to this many bytes (its status is all a delivery needs). */
export const RESPONSE_BODY_CAP = 16 * 1024;

/**
 * POSTs once: no redirect is followed (node:http never does; a 3xx is a failure), at most
 * RESPONSE_BODY_CAP bytes of the response body are read (then the connection is dropped), the
 * whole exchange is cut at the timeout. The connection goes only to addresses the URL policy
 * allows (policedLookup checks every address the name resolves to, at connect time).
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  production: boolean,
  log?: FastifyBaseLogger,
): Promise<PostOutcome> {
  const started = performance.now();
  const target = new URL(url);
  const done = (status: number | null, error: string | null): PostOutcome => ({
    status,
    error,
    latencyMs: Math.round(performance.now() - started),
  });
  const refused = (reason: string) => {
    if (log) securityEvent(log, 'url_refused', { reason, host: target.hostname, at: 'delivery' });
    return done(null, reason);
  };
  if ((production && target.protocol !== 'https:') || !literalAllowed(target.hostname, production)) {
    return Promise.resolve(refused('refused: not a public https address'));
  }
  return new Promise((resolve) => {
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(timeoutMs),
        lookup: policedLookup(production),
        maxHeaderSize: 16 * 1024,
      },
      (response) => {
        let read = 0;
        const status = response.statusCode ?? null;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > RESPONSE_BODY_CAP) {
            response.destroy();
            resolve(done(status, null));
          }
        });
        response.on('end', () => resolve(done(status, null)));
        response.on('error', (error) => resolve(done(status, error.message)));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ERR_WEBHOOK_PRIVATE_ADDRESS') return resolve(refused(error.message));
      resolve(done(null, error.name === 'AbortError' ? 'timeout' : error.message));
    });
    request.end(body);
  });
}

/**
 * Delivers one claimed webhook: signs it (Standard Webhooks: webhook-id is the message id, the
 * same on every retry), POSTs it, logs the attempt, and marks it delivered (2xx) or schedules the
 * next try with exponential backoff. Past the retry window (24 h) the delivery fails, the
 * endpoint is disabled and the IE notified, in one transaction.
 */
export async function deliverWebhook(
  db: Db,
  config: IntegrationsConfig,
  production: boolean,
  claim: Claim,
  log?: FastifyBaseLogger,
) {
  const row = await db
    .selectFrom('webhook_entrega as d')
    .innerJoin('webhook_mensagem as m', 'm.id', 'd.mensagem_id')
    .innerJoin('webhook_endpoint as e', 'e.id', 'd.endpoint_id')
    .select(['d.id', 'd.status', 'd.tentativas', 'd.janela_inicio', 'm.id as mensagemId', 'm.tipo', 'm.dados'])
    .select(['m.created_at', 'e.id as endpointId', 'e.ie_id', 'e.url', 'e.segredo', 'e.ativo'])
    .where('d.id', '=', claim.id)
    .executeTakeFirst();
  if (!row?.ativo || row.status !== 'PENDENTE' || row.tentativas !== claim.tentativas) return 'IGNORADO';
  const body = webhookBody(row);
  const now = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'renova-webhooks/1',
    'webhook-id': row.mensagemId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(row.segredo).sign(row.mensagemId, now, body),
  };
  // A client span around the POST (tracing on); the receiver gets its W3C traceparent.
  const outcome = await inSpan(
    'POST webhook',
    {
      kind: SpanKind.CLIENT,
      attributes: { 'http.request.method': 'POST', 'server.address': new URL(row.url).hostname },
    },
    async (span) => {
      const result = await postWebhook(
        row.url,
        { ...headers, ...traceHeaders() },
        body,
        config.webhookTimeoutMs,
        production,
        log,
      );
      if (result.status !== null) span?.setAttribute('http.response.status_code', result.status);
      if (span && (result.status === null || result.status >= 400))
        failSpan(span, new Error(result.error ?? `HTTP ${result.status}`));
      return result;
    },
  );
  const attempt = claim.tentativas + 1;
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const error = ok ? null : (outcome.error ?? `HTTP ${outcome.status}`);
  const windowOver = Date.now() - new Date(row.janela_inicio).getTime() >= config.webhookRetryWindowMs;
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_tentativa')
      .values({
        entrega_id: row.id,
        tentativa: attempt,
        status_http: outcome.status,
        erro: error?.slice(0, 500) ?? null,
        latencia_ms: outcome.latencyMs,
      })
      .execute();
    const status = ok ? 'ENTREGUE' : windowOver ? 'FALHOU' : 'PENDENTE';
    const updated = await trx
      .updateTable('webhook_entrega')
      .set({
        status,
        tentativas: attempt,
        ultimo_status: outcome.status,
        ultimo_erro: error?.slice(0, 500) ?? null,
        entregue_em: ok ? new Date() : null,
        proxima_em: new Date(Date.now() + backoffDelay(config, attempt)),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'PENDENTE')
      .where('tentativas', '=', claim.tentativas)
      .executeTakeFirst();
    if (status === 'FALHOU' && Number(updated.numUpdatedRows) === 1) await disableEndpoint(trx, row, error ?? '');
    return status;
  });
}

async function disableEndpoint(trx: Db, endpoint: { endpointId: number; ie_id: number; url: string }, error: string) {
  const disabled = await trx
    .updateTable('webhook_endpoint')
    .set({
      ativo: false,
      desativado_em: new Date(),
      desativado_motivo: `Entregas falharam por 24 horas (último erro: ${error})`.slice(0, 500),
      updated_at: new Date(),
    })
    .where('id', '=', endpoint.endpointId)
    .where('ativo', '=', true)
    .executeTakeFirst();
  if (Number(disabled.numUpdatedRows) === 0) return;
  await notify(trx, [
    {
      ieId: endpoint.ie_id,
      tipo: 'WEBHOOK_DESATIVADO',
      titulo: 'Webhook desativado',
      mensagem:
        `O endpoint ${endpoint.url} (id ${endpoint.endpointId}) foi desativado porque as entregas falharam ` +
        'por 24 horas. Corrija o receptor e reative o endpoint; as entregas pendentes serão retomadas.',
      dados: { endpointId: endpoint.endpointId, url: endpoint.url, ultimoErro: error },
    },
  ]);
}
