import type ExcelJSModule from 'exceljs';

let loading: Promise<typeof ExcelJSModule> | undefined;

/**
 * ExcelJS, loaded on the first xlsx read or write: with its zip and stream dependencies it is the
 * heaviest module the service has, and most processes (a CLI command, a test file, an instance
 * that serves JSON) never touch a spreadsheet.
 */
export function loadExcel(): Promise<typeof ExcelJSModule> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
