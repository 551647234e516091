import { AppError } from '../http/errors.js';
import { type Text, t } from '../http/i18n.js';

/**
 * What one uploaded sheet may make the service do. The upload limit (UPLOAD_LIMIT_BYTES) counts
 * the bytes that arrive; a zip inflates them, so the work is bounded here as well: every reader
 * counts as it goes and stops at the first limit passed (docs/security.md, "Uploaded files").
 */
export interface SheetLimits {
  /** Data rows (the header not counted). */
  rows: number;
  /** Columns of a row (the last filled column's position). */
  columns: number;
  /** Characters of one cell. */
  cellChars: number;
  /** Bytes inflated from an xlsx, every entry read counted. */
  inflatedBytes: number;
  /** Bytes of xl/sharedStrings.xml (the shared strings are held while the sheet is read). */
  sharedStringsBytes: number;
  /** Entries of an xlsx's zip. */
  zipEntries: number;
  /** Inflated ÷ compressed size of one entry (past 1 MiB inflated). */
  zipRatio: number;
}

export const DEFAULT_SHEET_LIMITS: SheetLimits = {
  rows: 200_000,
  columns: 64,
  cellChars: 32_767,
  inflatedBytes: 268_435_456,
  sharedStringsBytes: 16_777_216,
  zipEntries: 500,
  zipRatio: 200,
};

export type SheetLimitKind = keyof SheetLimits;

/** The setting that changes each limit (named in the answer, so an operator knows what to raise). */
export const LIMIT_SETTINGS: Record<SheetLimitKind, string> = {
  rows: 'UPLOAD_MAX_ROWS',
  columns: 'UPLOAD_MAX_COLUMNS',
  cellChars: 'UPLOAD_MAX_CELL_CHARS',
  inflatedBytes: 'UPLOAD_MAX_INFLATED_BYTES',
  sharedStringsBytes: 'UPLOAD_MAX_SHARED_STRINGS_BYTES',
  zipEntries: 'UPLOAD_MAX_ZIP_ENTRIES',
  zipRatio: 'UPLOAD_MAX_ZIP_RATIO',
};

const mib = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MiB`;
const n = (value: number) => value.toLocaleString('pt-BR');
const en = (value: number) => value.toLocaleString('en');

function limitText(kind: SheetLimitKind, limit: number, where: string | null): Text {
  const at = where ? t(` (${where})`, ` (${where})`) : t('', '');
  switch (kind) {
    case 'rows':
      return t(`tem mais de ${n(limit)} linhas de dados`, `has more than ${en(limit)} data rows`);
    case 'columns':
      return t(
        `tem uma linha com mais de ${n(limit)} colunas${at.pt}`,
        `has a row with more than ${en(limit)} columns${at.en}`,
      );
    case 'cellChars':
      return t(
        `tem uma célula com mais de ${n(limit)} caracteres${at.pt}`,
        `has a cell longer than ${en(limit)} characters${at.en}`,
      );
    case 'inflatedBytes':
      return t(`passa de ${mib(limit)} quando descompactado`, `inflates to more than ${mib(limit)}`);
    case 'sharedStringsBytes':
      return t(
        `tem mais de ${mib(limit)} de textos compartilhados (sharedStrings.xml)`,
        `has more than ${mib(limit)} of shared strings (sharedStrings.xml)`,
      );
    case 'zipEntries':
      return t(`tem mais de ${n(limit)} arquivos internos`, `holds more than ${en(limit)} inner files`);
    case 'zipRatio':
      return t(
        `tem um arquivo interno compactado mais de ${n(limit)} vezes${at.pt}, típico de uma bomba de descompressão`,
        `holds an inner file compressed more than ${en(limit)} times${at.en}, typical of a decompression bomb`,
      );
  }
}

/**
 * A sheet past a limit: 413, naming the limit and its setting. `limite` and `configuracao` are in
 * the problem too, for programs; the route logs it as the security event `upload_refused`.
 */
export class SheetLimitError extends AppError {
  constructor(
    readonly kind: SheetLimitKind,
    readonly limit: number,
    where: string | null = null,
  ) {
    const what = limitText(kind, limit, where);
    super(
      413,
      'upload-limit',
      t(
        `A planilha ${what.pt}, acima do limite de ${LIMIT_SETTINGS[kind]} = ${limit}; divida-a em arquivos menores.`,
        `The sheet ${what.en}, over the limit ${LIMIT_SETTINGS[kind]} = ${limit}; split it into smaller files.`,
      ),
      { limite: LIMIT_SETTINGS[kind], valorLimite: limit },
    );
  }
}

/**
 * Work done reading sheets in this process, counted where it happens: bytes inflated from xlsx
 * entries, entry streams open (an inflater not yet destroyed), sheet rows parsed. Tests read it to
 * prove that the work stops with a refusal or with the client (docs/security.md); a metric could.
 */
export const sheetWork = { inflatedBytes: 0, openEntryStreams: 0, rowsParsed: 0 };
