import type { components } from '../../lib/api/schema';

type Notification = components['schemas']['Notification'];

export interface NotificationGroup {
  /** The newest of the group (what is shown). */
  first: Notification;
  /** Every notification of the group, newest first. */
  all: Notification[];
  unread: Notification[];
}

/**
 * Repeated events shown once: notifications of the same kind with the same title and message
 * (e.g. "Janela de renovação encerrada" for four journeys) are one group with a count.
 */
export function groupNotifications(items: Notification[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const n of items) {
    const key = JSON.stringify([n.tipo, n.titulo, n.mensagem]);
    const g = groups.get(key);
    if (g) g.all.push(n);
    else groups.set(key, { first: n, all: [n], unread: [] });
  }
  for (const g of groups.values()) g.unread = g.all.filter((n) => !n.visualizada);
  return [...groups.values()];
}

/** Where a notification leads: its batch, its student, or its journey on the dashboard. */
export function subjectOf(n: Notification): { to: string; label: string } | null {
  const d = n.dados as Record<string, unknown>;
  if (typeof d.lote === 'number') return { to: `/lotes/${d.lote}`, label: `Ver o lote ${d.lote}` };
  if (typeof d.brbId === 'number') return { to: `/contrato/${d.brbId}`, label: 'Ver o estudante' };
  if (typeof d.jornadaId === 'number') return { to: `/?jornada=${d.jornadaId}`, label: 'Ver a jornada no painel' };
  if (Array.isArray(d.jornadas) && typeof d.jornadas[0] === 'number') {
    return { to: `/?jornada=${d.jornadas[0]}`, label: 'Ver a jornada no painel' };
  }
  return null;
}
