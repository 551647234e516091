import type { Db } from '../../src/db/database.js';
import type { Situacao } from '../../src/db/schema.js';
import { createContract, createEntry, createIe, createJourney, type TestEntry, type TestIe } from './factories.js';

/**
 * Factories for values tests: valid FillValuesInDto items and IEs with entries. A valid item has
 * valorContrato = valorCtrPrestServico × percentualConcedido / 100 exactly.
 */
export function valuesItem(brbId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    brbId,
    nomeEstudante: `Estudante ${brbId}`,
    qtdParcelasCobertura: 6,
    valorCtrPrestServico: 9000,
    percentualConcedido: 50,
    valorContrato: 4500,
    ...overrides,
  };
}

export interface ValuesSetup {
  ie: TestIe;
  entries: (TestEntry & { contratoId: number })[];
}

/** An IE with an open 2026/2 journey and one entry per situation given. */
export async function ieWithEntries(db: Db, situacoes: Situacao[], ie?: TestIe): Promise<ValuesSetup> {
  const theIe = ie ?? (await createIe(db));
  const existing = await db
    .selectFrom('jornada')
    .select(['id', 'ano', 'semestre'])
    .where('ie_id', '=', theIe.ieId)
    .where('ano', '=', 2026)
    .where('semestre', '=', 2)
    .executeTakeFirst();
  const journey = existing
    ? { jornadaId: existing.id, ano: existing.ano, semestre: existing.semestre }
    : await createJourney(db, theIe);
  const entries: ValuesSetup['entries'] = [];
  for (const situacao of situacoes) {
    const contract = await createContract(db, theIe, {
      primeiroMesCredito: '2023-02-01',
      inicioRestituicao: '2027-02-01',
    });
    entries.push({
      ...(await createEntry(db, theIe, journey, contract, { situacao })),
      contratoId: contract.contratoId,
    });
  }
  return { ie: theIe, entries };
}

export async function entryState(db: Db, brbId: number) {
  return db
    .selectFrom('entrada_jornada')
    .select(['situacao', 'motivo', 'versao'])
    .where('id', '=', brbId)
    .executeTakeFirstOrThrow();
}

/** The entry's timeline events (values sends included, as the service reads them), oldest first. */
export async function timelineOf(db: Db, brbId: number) {
  return db
    .selectFrom('todos_eventos')
    .select(['acao', 'situacao_anterior', 'situacao_nova', 'detalhes', 'usuario'])
    .where('entrada_id', '=', brbId)
    .orderBy('id')
    .execute();
}

export async function countersOf(db: Db, brbId: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('contador_jornada as c')
    .innerJoin('entrada_jornada as e', 'e.jornada_id', 'c.jornada_id')
    .select(['c.situacao', 'c.motivo', 'c.total'])
    .where('e.id', '=', brbId)
    .execute();
  return Object.fromEntries(
    rows.filter((r) => r.total !== 0).map((r) => [r.motivo ? `${r.situacao}/${r.motivo}` : r.situacao, r.total]),
  );
}

/** The entry's requests of every status (values sends included): the actions tests' helper. */
export { requests as openRequests } from './actions-factories.js';

/** A multipart/form-data body for app.inject: form fields first, then the file part "arquivo". */
export function multipartBody(
  file: { filename: string; content: Buffer | string; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----renova${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An xlsx workbook (first sheet "valores") with the given rows, header first. */
export async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('valores');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function batchRows(db: Db, loteId: number) {
  return db
    .selectFrom('lote_linha')
    .select(['linha', 'brb_id', 'resultado', 'erros', 'valor_contrato', 'percentual_concedido'])
    .where('lote_id', '=', loteId)
    .orderBy('linha')
    .execute();
}
