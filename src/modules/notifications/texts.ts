import { type Text, t } from '../../http/i18n.js';
import type { NotificationKind } from './notify.js';

/**
 * A notification as a person reads it (DOMAIN.md, "Language"): Portuguese by default, English on
 * Accept-Language: en. A notification is stored once, in Portuguese, with the values it was built
 * from (`dados`); the English is written here from those values when the notification is read, so
 * notifications already stored (the demo's, a job's, a webhook's) read in English too. A stored
 * notification without those values reads as its kind's general English sentence.
 */
type Dados = Record<string, unknown>;
type English = (d: Dados) => [titulo: string, mensagem: string] | null;

const has = (d: Dados, ...keys: string[]) => keys.every((k) => d[k] !== undefined && d[k] !== null);
const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v));

const GENERAL: Record<NotificationKind, readonly [string, string]> = {
  LOTE_PROCESSADO: ['Values batch processed', 'The values batch sent was processed. Check the outcome of each row.'],
  LINHAS_REJEITADAS: [
    'Rows rejected in the batch',
    'Some rows of the values batch were rejected. Correct and resend them.',
  ],
  ADITIVO_AGUARDANDO_ASSINATURA: [
    'Addenda waiting for signature',
    "Generated addenda are waiting for the students' signatures.",
  ],
  RENOVACAO_FINALIZADA: ['Renewals finished', 'New renewals were finished in this journey.'],
  JANELA_FECHANDO: ['The renewal window is closing', 'A few days are left before the renewal window ends.'],
  JANELA_FECHADA: ['Renewal window closed', "The previous semester's renewal window was closed."],
  ACAO_RECUSADA: ['Action refused', 'A request was refused by the foundation. See the reasons in the history.'],
  WEBHOOK_DESATIVADO: ['Webhook disabled', 'A webhook endpoint was disabled because its deliveries kept failing.'],
};

const SPECIFIC: Partial<Record<NotificationKind, English>> = {
  LOTE_PROCESSADO: (d) =>
    has(d, 'lote', 'aceitas', 'recusadas', 'erro')
      ? [
          `Batch ${d.lote} processed`,
          `Batch ${d.lote}: ${d.aceitas} accepted, ${d.recusadas} rejected, ${d.erro} with errors when sent.`,
        ]
      : null,
  LINHAS_REJEITADAS: (d) =>
    has(d, 'lote', 'total')
      ? [
          'Values rejected by the foundation',
          `${d.total} row(s) of batch ${d.lote} were rejected${has(d, 'motivo') ? `: ${d.motivo}` : ''}. Correct them and send the values again.`,
        ]
      : null,
  ADITIVO_AGUARDANDO_ASSINATURA: (d) =>
    has(d, 'lote', 'total')
      ? [
          'Addenda waiting for signature',
          `${d.total} addendum(s) of batch ${d.lote} were generated and wait for the students' signatures.`,
        ]
      : null,
  RENOVACAO_FINALIZADA: (d) =>
    has(d, 'brbId')
      ? [
          'Renewal finished',
          `The student signed the addendum${has(d, 'ano', 'semestre') ? ` of ${d.ano}/${d.semestre}` : ''}; the renewal of brbId ${d.brbId} is finished.`,
        ]
      : null,
  JANELA_FECHANDO: (d) =>
    has(d, 'jornadaId', 'janelaFim')
      ? [
          'Renewal window closing',
          `The renewal window of journey ${d.jornadaId} ends on ${d.janelaFim}. Students still eligible with no action will become "No renewal — not renewed".`,
        ]
      : null,
  JANELA_FECHADA: (d) =>
    has(d, 'jornadas', 'naoRenovados')
      ? [
          'Renewal window closed',
          `The renewal window of journey(s) ${list(d.jornadas)} ended. ${d.naoRenovados} student(s) with no action became "No renewal — not renewed".`,
        ]
      : null,
  WEBHOOK_DESATIVADO: (d) =>
    has(d, 'endpointId', 'url')
      ? [
          'Webhook disabled',
          `Endpoint ${d.url} (id ${d.endpointId}) was disabled because deliveries failed for 24 hours. Fix the receiver and re-enable the endpoint; pending deliveries will resume.`,
        ]
      : null,
};

export function notificationTexts(row: { tipo: string; titulo: string; mensagem: string; dados: unknown }): {
  titulo: Text;
  mensagem: Text;
} {
  const tipo = row.tipo as NotificationKind;
  const dados = (row.dados ?? {}) as Dados;
  const [tituloEn, mensagemEn] = SPECIFIC[tipo]?.(dados) ?? GENERAL[tipo] ?? [row.titulo, row.mensagem];
  return { titulo: t(row.titulo, tituloEn), mensagem: t(row.mensagem, mensagemEn) };
}
