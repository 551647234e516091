import { maskCPF } from '../../lib/format.ts';
import { BULK_RESULT_LABEL } from '../../lib/labels.ts';

export interface ResultRow {
  brbId: number;
  estudante: string | null;
  cpf: string | null;
  resultado: string;
  mensagem: string | null;
}

const cell = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The per-student result as Brazilian Excel opens it (DOMAIN.md, "Files that people open in
 * Excel"): UTF-8 with BOM, `;` separator, CPF masked so it stays text, Portuguese headers.
 */
export function resultCsv(rows: ResultRow[]): string {
  const lines = [
    ['Estudante', 'CPF', 'brbId', 'Resultado', 'Motivo da recusa'],
    ...rows.map((r) => [
      r.estudante ?? '',
      r.cpf ? maskCPF(r.cpf) : '',
      String(r.brbId),
      BULK_RESULT_LABEL[r.resultado] ?? r.resultado,
      r.mensagem ?? '',
    ]),
  ];
  return `\uFEFF${lines.map((line) => line.map(cell).join(';')).join('\r\n')}\r\n`;
}

export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
