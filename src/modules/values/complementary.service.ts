import type { Readable } from 'node:stream';
import type { Db } from '../../db/database.js';
import { callerHasIe, inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { moneyJsonOrNull } from '../../lib/money.js';
import { type ComplementaryFilter, type ComplementaryRow, complementaryPage } from './complementary.repository.js';
import { SHEET_MEDIA_TYPES, type SheetFormat } from './sheet.js';
import { csvSheet, noRows, type SheetRow, xlsxSheet } from './sheet-export.js';
import { REQUIRED_FIELDS, VALUE_FIELDS } from './values.rows.js';

export const FORMATS = ['json', 'csv', 'xlsx'] as const;
export type Format = (typeof FORMATS)[number];

const PAGE = 5000;

export interface ComplementaryRequest extends Partial<ComplementaryFilter> {
  formato?: Format;
  modelo?: boolean;
}

export type Answer =
  | { kind: 'json'; body: { colunas: string[]; obrigatorias: string[]; linhas: SheetRow[] } }
  | { kind: 'file'; mediaType: string; filename: string; stream: Readable };

/** The format asked for: `formato` wins, then the Accept header, then JSON. */
export function formatFrom(formato: Format | undefined, accept: string | undefined): Format {
  if (formato) return formato;
  const a = (accept ?? '').toLowerCase();
  if (a.includes('spreadsheetml') || a.includes('xlsx')) return 'xlsx';
  if (a.includes('text/csv')) return 'csv';
  return 'json';
}

function toSheetRow(r: ComplementaryRow): SheetRow {
  return {
    brbId: r.id,
    nomeEstudante: r.nome,
    idCurso: r.curso_id,
    qtdParcelasCobertura: r.qtd_parcelas_cobertura,
    qtdCreditos: r.qtd_creditos,
    valorContrato: moneyJsonOrNull(r.valor_contrato),
    valorCtrPrestServico: moneyJsonOrNull(r.valor_ctr_prest_servico),
    percentualConcedido: r.percentual_concedido === null ? null : Number(r.percentual_concedido),
    regimeContrato: r.regime_contrato,
    contratoAnual: r.contrato_anual === null ? null : r.contrato_anual ? 'S' : 'N',
  };
}

async function* pages(db: Db, caller: Caller, filter: ComplementaryFilter): AsyncGenerator<SheetRow[]> {
  let after = 0;
  for (;;) {
    const rows = await complementaryPage(db, caller, filter, after, PAGE);
    if (rows.length === 0) return;
    yield rows.map(toSheetRow);
    after = rows.at(-1)!.id;
    if (rows.length < PAGE) return;
  }
}

function file(formato: 'csv' | 'xlsx', name: string, source: AsyncIterable<SheetRow[]>): Answer {
  return {
    kind: 'file',
    mediaType: SHEET_MEDIA_TYPES[formato],
    filename: `${name}.${formato}`,
    stream: formato === 'csv' ? csvSheet(source) : xlsxSheet(source),
  };
}

/** The empty values sheet: the header row only. */
export function template(formato: Format): Answer {
  if (formato === 'json')
    return { kind: 'json', body: { colunas: [...VALUE_FIELDS], obrigatorias: REQUIRED_FIELDS, linhas: [] } };
  return file(formato, 'modelo-valores', noRows());
}

/** The caller's students eligible for values (APTO by default), pre-filled for the sheet. */
export async function complementaryData(db: Db, caller: Caller, request: ComplementaryRequest, accept?: string) {
  const formato = formatFrom(request.formato, accept);
  if (request.modelo) return template(formato);
  if (request.ieId !== undefined && !callerHasIe(caller, request.ieId))
    throw notFound(t(`IE ${request.ieId} não encontrada.`, `IE ${request.ieId} not found.`));
  if (request.jornadaId !== undefined) {
    const journey = await db
      .selectFrom('jornada')
      .select('id')
      .where('id', '=', request.jornadaId)
      .where((eb) => inCallerIes(eb, 'jornada.ie_id', caller))
      .executeTakeFirst();
    if (!journey)
      throw notFound(t(`Jornada ${request.jornadaId} não encontrada.`, `Journey ${request.jornadaId} not found.`));
  }
  const filter: ComplementaryFilter = {
    situacao: request.situacao ?? 'APTO',
    ieId: request.ieId,
    jornadaId: request.jornadaId,
    brbIds: request.brbIds,
  };
  if (formato !== 'json') return file(formato, 'valores-dados-complementares', pages(db, caller, filter));
  const linhas: SheetRow[] = [];
  for await (const page of pages(db, caller, filter)) linhas.push(...page);
  return { kind: 'json' as const, body: { colunas: [...VALUE_FIELDS], obrigatorias: REQUIRED_FIELDS, linhas } };
}

export type { SheetFormat };
