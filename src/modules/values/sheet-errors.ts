import { type Text, t } from '../../http/i18n.js';

/**
 * Why a sheet could not be read, for the person who saved it (DOMAIN.md, "Language"): the CSV
 * parser's and the xlsx reader's own English (and their codes) never reach the answer. The line is
 * the parser's, which counts the line where the fault is, not the last record read.
 */
export function csvReadReason(error: unknown, lastRecord: number): Text {
  const e = error as { code?: unknown; lines?: unknown };
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
