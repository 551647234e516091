import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { conflict, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import * as repo from './lifecycle.repository.js';

type Trx = Transaction<Database>;

/**
 * The foundation's processing of what the IE sent before the window closed: it goes on after the
 * close (DOMAIN.md, "Journey periods"), so a renewal sent in time still ends signed or rejected.
 */
export const FOUNDATION_PROCESSING: readonly string[] = [
  'PROCESSAMENTO_ACEITO',
  'PROCESSAMENTO_RECUSADO',
  'ASSINATURA',
];

export type LockedEntry = NonNullable<Awaited<ReturnType<typeof repo.lockEntry>>>;

/** 409 "jornada encerrada" for an entry of a journey that is not ABERTA. */
export function journeyClosed(entry: Pick<LockedEntry, 'id' | 'jornada_id' | 'jornada_ano' | 'jornada_semestre'>) {
  const period = `${entry.jornada_ano}/${entry.jornada_semestre}`;
  return conflict(
    t(
      `Jornada encerrada: a jornada ${entry.jornada_id} (${period}) do brbId ${entry.id} não está aberta; nenhuma ação é aceita nela.`,
      `Journey closed: journey ${entry.jornada_id} (${period}) of brbId ${entry.id} is not open; it takes no more actions.`,
    ),
    { jornadaId: entry.jornada_id, jornadaEncerrada: true },
  );
}

/**
 * The one gate every change to a single journey entry passes (transitions, entry events, values an
 * action carries): locks the entry, 404 when the caller cannot see it, 409 when its journey is not
 * ABERTA — except the foundation's processing of what was sent before the close.
 */
export async function lockEntryForChange(trx: Trx, caller: Caller, brbId: number, acao: string): Promise<LockedEntry> {
  const entry = await repo.lockEntry(trx, caller, brbId);
  if (!entry) throw notFound(t(`Entrada de jornada (brbId) ${brbId}`, `Journey entry (brbId) ${brbId}`));
  const processing = caller.role === 'OPERADOR' && FOUNDATION_PROCESSING.includes(acao);
  if (entry.jornada_status !== 'ABERTA' && !processing) throw journeyClosed(entry);
  return entry;
}
