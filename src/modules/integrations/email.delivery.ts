import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/database.js';
import { inSpan, SpanKind } from '../../telemetry/tracing.js';
import { renderNotificationEmail } from './email.templates.js';
import { backoffDelay, type IntegrationsConfig } from './integrations.config.js';

/** A claimed outbox row: its id and the attempt count it was claimed at. */
export interface Claim {
  id: number;
  tentativas: number;
}

export function createMailTransport(config: IntegrationsConfig): Transporter | null {
  // Pooling keeps one SMTP connection for a burst of notifications instead of one per e-mail.
  return config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
}

/**
 * Claims up to `limit` due e-mails for one lease: they are not due again until the lease ends,
 * so two workers never send the same row, and a worker that dies mid-send leaves the row to be
 * taken again after the lease (at least once).
 */
export async function claimDueEmails(db: Db, limit: number, leaseMs: number): Promise<Claim[]> {
  const result = await sql<Claim>`
    update email_saida set proxima_em = now() + ${leaseMs} * interval '1 millisecond'
    where id in (
      select id from email_saida where status = 'PENDENTE' and proxima_em <= now()
      order by proxima_em, id limit ${limit} for update skip locked)
    returning id, tentativas`.execute(db);
  return result.rows;
}

/** With SMTP off, due e-mails are dropped (not kept to flood the inbox when SMTP is turned on). */
export async function discardDueEmails(db: Db): Promise<number> {
  const result = await db
    .updateTable('email_saida')
    .set({ status: 'DESCARTADO', ultimo_erro: 'SMTP_URL não configurado' })
    .where('status', '=', 'PENDENTE')
    .where('proxima_em', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Sends one claimed e-mail and records the outcome: sent, or retried after an exponential
 * backoff, or given up after EMAIL_MAX_ATTEMPTS. The outcome is written only if the row is still
 * at the claimed attempt, so a stale job cannot overwrite a newer one's result.
 */
export async function deliverEmail(
  db: Db,
  config: IntegrationsConfig,
  transport: Transporter,
  claim: Claim,
): Promise<'ENVIADO' | 'PENDENTE' | 'FALHOU' | 'IGNORADO'> {
  const row = await db
    .selectFrom('email_saida as s')
    .innerJoin('notificacao as n', 'n.id', 's.notificacao_id')
    .leftJoin('preferencia_email as p', 'p.usuario', 's.usuario')
    .select([
      's.id',
      's.email',
      's.status',
      's.tentativas',
      'n.tipo',
      'n.titulo',
      'n.mensagem',
      'n.created_at',
      'p.nome',
    ])
    .where('s.id', '=', claim.id)
    .executeTakeFirst();
  if (row?.status !== 'PENDENTE' || row.tentativas !== claim.tentativas) return 'IGNORADO';
  const email = renderNotificationEmail({
    tipo: row.tipo,
    titulo: row.titulo,
    mensagem: row.mensagem,
    criadaEm: row.created_at,
    nome: row.nome,
  });
  const attempt = claim.tentativas + 1;
  try {
    // nodemailer has no instrumentation: a client span by hand (tracing on).
    await inSpan('smtp send', { kind: SpanKind.CLIENT, attributes: { 'renova.email.id': claim.id } }, () =>
      transport.sendMail({
        from: config.smtpFrom,
        to: row.email,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: { 'X-Renova-Notificacao': String(claim.id) },
      }),
    );
  } catch (error) {
    const failed = attempt >= config.emailMaxAttempts;
    await db
      .updateTable('email_saida')
      .where('id', '=', claim.id)
      .where('status', '=', 'PENDENTE')
      .where('tentativas', '=', claim.tentativas)
      .set({
        status: failed ? 'FALHOU' : 'PENDENTE',
        tentativas: attempt,
        ultimo_erro: String((error as Error).message ?? error).slice(0, 1000),
        proxima_em: new Date(Date.now() + backoffDelay(config, attempt)),
      })
      .execute();
    return failed ? 'FALHOU' : 'PENDENTE';
  }
  await db
    .updateTable('email_saida')
    .where('id', '=', claim.id)
    .where('status', '=', 'PENDENTE')
    .where('tentativas', '=', claim.tentativas)
    .set({ status: 'ENVIADO', tentativas: attempt, enviado_em: new Date(), ultimo_erro: null })
    .execute();
  return 'ENVIADO';
}
