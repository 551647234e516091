import { AppError } from '../../http/errors.js';
import { type Text, t } from '../../http/i18n.js';

/** One row as a reader gives it: the sheet's row number (the header is 1) and its cells. */
export interface RawRow {
  linha: number;
  cells: unknown[];
}

/** A file the reader could not make sense of: bad input, answered 400 (never 5xx). */
export class SheetReadError extends AppError {
  constructor(format: 'csv' | 'xlsx', reason: Text) {
    super(
      400,
      'bad-sheet',
      t(
        `O arquivo não pôde ser lido como ${format === 'csv' ? 'CSV' : 'planilha xlsx'}: ${reason.pt}`,
        `The file could not be read as ${format === 'csv' ? 'CSV' : 'an xlsx workbook'}: ${reason.en}`,
      ),
    );
  }
}

/**
 * Why a sheet could not be read, for the person who saved it (DOMAIN.md, "Language"): the CSV
 * parser's and the xlsx reader's own English (and their codes) never reach the answer. The line is
 * the parser's, which counts the line where the fault is, not the last record read.
 */
export function csvReadReason(error: unknown, lastRecord: number): Text {
  const e = error as { code?: unknown; lines?: unknown };
  if (typeof e.code !== 'string') return uploadCutReason();
  const line = typeof e.lines === 'number' && e.lines > 0 ? e.lines : lastRecord + 1;
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return t(
        `há aspas abertas na linha ${line} que nunca são fechadas; feche-as ou remova-as`,
        `a quote opened on line ${line} is never closed; close it or remove it`,
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return t(
        `aspas fora do lugar na linha ${line}; um valor com aspas deve estar inteiro entre aspas, como "Silva, Ana"`,
        `a misplaced quote on line ${line}; a quoted value must be quoted whole, as in "Silva, Ana"`,
      );
    case 'CSV_MAX_RECORD_SIZE':
      return t(
        `a linha ${line} passa de 64 KB; confira se o separador é vírgula ou ponto e vírgula`,
        `line ${line} is longer than 64 KB; check that the separator is a comma or a semicolon`,
      );
    default:
      return t(
        `o conteúdo perto da linha ${line} não é CSV válido; salve a planilha de novo como CSV (UTF-8)`,
        `the content near line ${line} is not valid CSV; save the sheet again as CSV (UTF-8)`,
      );
  }
}

/** The xlsx reader fails on a damaged or cut zip with its own codes (FILE_ENDED, invalid signature...). */
export function xlsxReadReason(lastRow: number): Text {
  return lastRow > 0
    ? t(
        `o arquivo está corrompido ou incompleto depois da linha ${lastRow}; salve-o de novo como .xlsx ou como CSV`,
        `the file is damaged or incomplete after row ${lastRow}; save it again as .xlsx or as CSV`,
      )
    : t(
        'o arquivo está corrompido ou incompleto; salve-o de novo como .xlsx ou como CSV',
        'the file is damaged or incomplete; save it again as .xlsx or as CSV',
      );
}

/** The body stopped before the file's end (busboy: "Part terminated early...", "Unexpected end of form"). */
export const uploadCutReason = (): Text =>
  t(
    'o envio terminou antes do fim do arquivo; envie a planilha de novo',
    'the upload ended before the file did; send the sheet again',
  );

/** A multipart body busboy could not read, said without busboy's English. */
export function multipartReason(error: unknown): Text {
  const message = String((error as Error)?.message ?? '');
  if (/boundary/i.test(message))
    return t(
      'o cabeçalho Content-Type não traz o boundary do multipart/form-data',
      'the Content-Type header carries no multipart/form-data boundary',
    );
  if (/end|terminated|truncated/i.test(message)) return uploadCutReason();
  return t('o corpo não está no formato multipart/form-data', 'the body is not in the multipart/form-data format');
}
