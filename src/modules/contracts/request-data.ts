/**
 * What the read side expects in `solicitacao.dados` for the enrolment-situation requests. The
 * writers (journey actions) store these keys; readers tolerate missing ones, since a request
 * recorded before a key existed must still be readable.
 *
 * - AFASTAMENTO_EVASAO: { tipo: 'F' | 'E', motivo, situacaoMatricula, situacaoRestituicao,
 *   dataOcorrido: 'yyyy-mm-dd', caminhoArquivo? }
 * - TRANCAMENTO: { tipo: 'D', situacaoMatricula: 'T', dataOcorrido: 'yyyy-mm-dd', caminhoArquivo? }
 */
export interface EnrolmentRequestData {
  tipo: string | null;
  motivo: string | null;
  situacaoMatricula: string | null;
  situacaoRestituicao: string | null;
  /** yyyy-mm-dd */
  dataOcorrido: string | null;
  caminhoArquivo: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : null;

export function readEnrolmentRequestData(dados: unknown): EnrolmentRequestData {
  const d = (dados && typeof dados === 'object' ? dados : {}) as Record<string, unknown>;
  return {
    tipo: text(d.tipo),
    motivo: text(d.motivo),
    situacaoMatricula: text(d.situacaoMatricula),
    situacaoRestituicao: text(d.situacaoRestituicao),
    dataOcorrido: isoDate(text(d.dataOcorrido)),
    caminhoArquivo: text(d.caminhoArquivo),
  };
}

/** 'yyyy-mm-dd' from a stored date: ISO date or timestamp, or the dd-mm-yyyy the interface sends. */
export function isoDate(value: string | null): string | null {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const br = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (br) return `${br[3]}-${br[2]}-${br[1]}`;
  return null;
}

/** dd-mm-yyyy, the interface's date format for `dataOcorrido`. */
export function brDate(isoDay: string | null): string | null {
  if (!isoDay) return null;
  const [y, m, d] = isoDay.split('-');
  return `${d}-${m}-${y}`;
}

export const isoTimestamp = (value: Date | null): string | null => (value ? value.toISOString() : null);
