import { type Static, Type } from '@sinclair/typebox';
import { Id, Page, Paging, StrictObject } from '../../http/schemas.js';
import { ExportQuery } from '../exports/export.http.js';
import { FONTES, PROCESSAMENTOS, RESULTADOS } from '../values/values.tables.js';

const StringEnum = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

const Day = (description: string) =>
  Type.String({ format: 'date', description: `${description} (yyyy-mm-dd, a day in São Paulo)` });

export const BatchListQuery = StrictObject({
  status: Type.Optional(StringEnum(['EM_PROCESSAMENTO', 'PROCESSADO'] as const, 'Only batches in this status')),
  fonte: Type.Optional(StringEnum(FONTES, 'Only batches from this source')),
  enviadoPor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The sender's sub" })),
  de: Type.Optional(Day('Sent on or after this day')),
  ate: Type.Optional(Day('Sent on or before this day')),
  ...Paging,
  ...ExportQuery,
});
export type BatchListQuery = Static<typeof BatchListQuery>;

export const BatchParams = StrictObject({ loteId: Id('Batch id') });

export const BatchRowsQuery = StrictObject({
  resultado: Type.Optional(StringEnum(RESULTADOS, 'Only rows with this outcome')),
  ...Paging,
  ...ExportQuery,
});
export type BatchRowsQuery = Static<typeof BatchRowsQuery>;

export const ErrorSheetQuery = StrictObject({
  formato: Type.Optional(
    Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], {
      description: 'Sheet format (absent: from the Accept header, else xlsx)',
    }),
  ),
});

export const BatchSchema = Type.Object(
  {
    loteId: Type.Integer(),
    status: Type.String({ description: 'EM_PROCESSAMENTO (rows wait for the foundation) or PROCESSADO' }),
    fonte: StringEnum(FONTES, 'API: an IE system; PLANILHA: a sheet import; ENVIO_UNICO: a send from the portal'),
    origem: Type.String({ description: 'The operation the batch came through' }),
    reenvio: Type.Boolean(),
    enviadoPor: Type.Object({ sub: Type.String(), nome: Type.Union([Type.String(), Type.Null()]) }),
    enviadoEm: Type.String({ format: 'date-time' }),
    processadoEm: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    arquivo: Type.Union([Type.Object({ nome: Type.String(), formato: Type.String() }), Type.Null()]),
    ies: Type.Array(Type.Integer(), { description: 'The IEs the batch belongs to' }),
    contagens: Type.Object({
      total: Type.Integer(),
      sucesso: Type.Integer(),
      erro: Type.Integer(),
      pendente: Type.Integer(),
      aceitas: Type.Integer(),
      recusadas: Type.Integer(),
    }),
  },
  { $id: 'IeBatch' },
);
export type BatchOut = Static<typeof BatchSchema>;

export const BatchRowSchema = Type.Object(
  {
    linha: Type.Integer({ description: 'Row number in the sheet (the header is row 1) or position in the list' }),
    brbId: Type.Union([Type.Integer(), Type.Null()]),
    nomeEstudante: Type.Union([Type.String(), Type.Null()]),
    resultado: Type.Union([StringEnum(RESULTADOS, 'Outcome of the row'), Type.Null()]),
    processamento: StringEnum(PROCESSAMENTOS, "The foundation's decision on the row"),
    erros: Type.Array(Type.Object({ campo: Type.String(), regra: Type.String(), mensagem: Type.String() })),
    motivoRecusa: Type.Union([Type.String(), Type.Null()]),
    valorContrato: Type.Union([Type.Number(), Type.Null()]),
    processadoEm: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'IeBatchRow' },
);

export const BatchPageSchema = Page(Type.Ref(BatchSchema), 'IeBatchPage');
export const BatchRowPageSchema = Page(Type.Ref(BatchRowSchema), 'IeBatchRowPage');
export const BatchDetailSchema = Type.Object(
  { lote: Type.Ref(BatchSchema), linhas: Type.Ref(BatchRowPageSchema) },
  { $id: 'IeBatchDetail' },
);

export const batchesSchemas = [BatchSchema, BatchRowSchema, BatchPageSchema, BatchRowPageSchema, BatchDetailSchema];
