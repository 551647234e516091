/**
 * The e-mail a notification becomes: pt-BR subject, text and HTML from one template per part.
 * Everything interpolated into HTML is escaped (titles and messages carry student names and
 * other text the service did not write).
 */

export interface EmailNotification {
  tipo: string;
  titulo: string;
  mensagem: string;
  criadaEm: Date;
  /** Recipient's name, when the preference has one. */
  nome: string | null;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const KIND_LABELS: Record<string, string> = {
  LOTE_PROCESSADO: 'Lote processado',
  LINHAS_REJEITADAS: 'Linhas rejeitadas',
  ADITIVO_AGUARDANDO_ASSINATURA: 'Aditivo aguardando assinatura',
  RENOVACAO_FINALIZADA: 'Renovação finalizada',
  JANELA_FECHANDO: 'Janela de renovação fechando',
  JANELA_FECHADA: 'Janela de renovação fechada',
  ACAO_RECUSADA: 'Ação recusada',
  WEBHOOK_DESATIVADO: 'Webhook desativado',
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** dd/mm/aaaa hh:mm in the service's time zone. */
const stamp = (date: Date) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(date)
    .replace(',', '');

const FOOTER =
  'Você recebe este e-mail porque pediu avisos por e-mail nas suas preferências do Renova. ' +
  'Para deixar de receber, remova a preferência de e-mail no portal.';

export function renderNotificationEmail(n: EmailNotification): RenderedEmail {
  const kind = KIND_LABELS[n.tipo] ?? n.tipo;
  const greeting = n.nome ? `Olá, ${n.nome}.` : 'Olá.';
  const when = stamp(n.criadaEm);
  const text = [greeting, '', n.titulo, '', n.mensagem, '', `Tipo: ${kind}`, `Data: ${when}`, '', FOOTER, ''].join(
    '\n',
  );
  const paragraphs = n.mensagem
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>${escapeHtml(n.titulo)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2933; max-width: 600px">
<p>${escapeHtml(greeting)}</p>
<h1 style="font-size: 18px">${escapeHtml(n.titulo)}</h1>
${paragraphs}
<p style="color: #52606d; font-size: 13px">Tipo: ${escapeHtml(kind)}<br>Data: ${escapeHtml(when)}</p>
<hr>
<p style="color: #7b8794; font-size: 12px">${escapeHtml(FOOTER)}</p>
</body>
</html>
`;
  return { subject: `[Renova] ${n.titulo}`, text, html };
}
