import { Type } from '@sinclair/typebox';
import { badRequest } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { Id, responses, StrictObject } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import { uploadSlotHooks } from '../../http/upload-slots.js';
import * as complementary from './complementary.service.js';
import { SHEET_MEDIA_TYPES } from './sheet.js';
import { VALUE_LABELS } from './sheet-columns.js';
import { booleanField, clientGone, logRefusal, removeSpooled, spoolForIdempotency, uploadOf } from './upload.js';
import { REQUIRED_FIELDS, VALUE_FIELDS } from './values.rows.js';
import * as schemas from './values.schemas.js';
import * as service from './values.service.js';

const TAGS = ['Values'];
const HEADERS =
  `Columns (header row, any order): the template's Portuguese headers (${VALUE_FIELDS.map((f) => `"${VALUE_LABELS[f]}"`).join(', ')}) ` +
  `or the field names (${VALUE_FIELDS.join(', ')}), in any case, accents optional; required: ${REQUIRED_FIELDS.join(', ')}. ` +
  'Decimals with comma or point.';

const ComplementaryBody = StrictObject({
  formato: Type.Optional(
    Type.Union(
      complementary.FORMATS.map((f) => Type.Literal(f)),
      { description: 'Answer format; absent: from the Accept header (text/csv, the xlsx media type), else json' },
    ),
  ),
  modelo: Type.Optional(Type.Boolean({ description: 'true: the empty template (header row only)' })),
  situacao: Type.Optional(
    Type.Union([Type.Literal('APTO'), Type.Literal('EM_PROCESSAMENTO'), Type.Literal('SEM_RENOVACAO')], {
      description: 'Entries in this situation (default APTO, the students waiting for values)',
    }),
  ),
  ieId: Type.Optional(Id("Only this IE (one of the caller's)")),
  jornadaId: Type.Optional(Id("Only this journey (one of the caller's IEs)")),
  brbIds: Type.Optional(Type.Array(Id('Journey entry id'), { maxItems: 5000, description: 'Only these entries' })),
});

const ComplementaryJson = Type.Object({
  colunas: Type.Array(Type.String(), { description: 'Sheet columns, in template order' }),
  obrigatorias: Type.Array(Type.String()),
  linhas: Type.Array(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])), {
    description: "One pre-filled FillValuesInDto per student (values from the contract's last accepted send)",
  }),
});

const fileOrJson = (description: string) =>
  Type.Unsafe({
    description,
    content: {
      'application/json': { schema: ComplementaryJson },
      'text/csv': { schema: { type: 'string' } },
      [SHEET_MEDIA_TYPES.xlsx]: { schema: { type: 'string', contentMediaType: SHEET_MEDIA_TYPES.xlsx } },
    },
  });

async function routes(app: App) {
  const v3 = [
    [
      '/s/v3/mais-acoes/enviar-valores',
      'padrao',
      'sendValuesV3',
      'Send values (entries in APTO; EM_PROCESSAMENTO with reenvio)',
    ],
    [
      '/s/v3/mais-acoes/alterar-status/enviar-valores',
      'alterar-status',
      'sendValuesStatusChange',
      'Status change: send values for entries in SEM_RENOVACAO (interface 2.6)',
    ],
  ] as const;
  for (const [url, door, operationId, summary] of v3) {
    app.post(
      url,
      {
        schema: {
          operationId,
          summary,
          description:
            'One batch (lote) with a per-row outcome: valid rows move to EM_PROCESSAMENTO even when others fail. Answers 200 ' +
            'whenever the batch was recorded, even if every row failed; the rows are in linhasComErro.',
          tags: TAGS,
          body: Type.Ref(schemas.SendValuesV3Body),
          response: responses({ 200: Type.Ref(schemas.SendValuesV3OutSchema) }, [409, 422]),
        },
      },
      async (request) => service.sendV3(app.db, request.caller, request.body as service.SendV3Body, door),
    );
  }

  app.post(
    '/s/v2/contrato/valores/enviar',
    {
      schema: {
        operationId: 'sendContractValues',
        summary: 'Send contract values: a list of FillValuesInDto as one batch, answered row by row',
        tags: TAGS,
        body: Type.Ref(schemas.SendValuesV2Body),
        response: responses({ 200: Type.Ref(schemas.FillValuesOutSchema) }, [409, 422]),
      },
    },
    async (request) => service.sendV2(app.db, request.caller, request.body as service.SendV3Body),
  );

  app.get(
    '/s/v2/contrato/valores/:idProcesso/:ano/:semestre',
    {
      schema: {
        operationId: 'getValuesByProcess',
        summary: 'Values sent for a renewal process in a period, with their batch and outcome',
        tags: TAGS,
        params: schemas.ProcessPeriodParams,
        response: responses({ 200: Type.Ref(schemas.ValuesOfEntrySchema) }, [404]),
      },
    },
    async (request) => {
      const { idProcesso, ano, semestre } = request.params;
      return service.valuesOfProcess(app.db, request.caller, idProcesso, ano, semestre);
    },
  );

  app.get(
    '/s/v2/contrato/valores/:brbId',
    {
      schema: {
        operationId: 'getValuesByBrbId',
        summary: 'Values sent for a journey entry (brbId), with their batch and outcome',
        tags: TAGS,
        params: schemas.BrbIdParams,
        response: responses({ 200: Type.Ref(schemas.ValuesOfEntrySchema) }, [404]),
      },
    },
    async (request) => service.valuesOfEntry(app.db, request.caller, request.params.brbId),
  );

  app.post(
    '/s/v1/contrato/valores/importar-lote',
    {
      schema: {
        operationId: 'importValuesSheet',
        summary: 'Import the values sheet (.csv or .xlsx, multipart) as one batch',
        description:
          `multipart/form-data: optional field "reenvio" (true|false, before the file), then the file part "arquivo" ` +
          `(.csv, comma or semicolon separated, UTF-8 with or without BOM or Windows-1252; or .xlsx, first worksheet). ` +
          `${HEADERS} Row numbers in the answer ` +
          'are sheet rows (the header is row 1). A wrong file type is 415; a file over the upload limit, or past one of ' +
          'the sheet limits (rows, columns, cell length, inflated size, shared strings, zip entries and ratio: ' +
          'docs/security.md) 413 naming the limit; an empty file, a bad header, a file that is not text (UTF-16, ' +
          'binary) or not a valid xlsx 400; nothing is written then. With an Idempotency-Key, the same file again answers the ' +
          'first import.',
        tags: TAGS,
        consumes: ['multipart/form-data'],
        // Documents the form for OpenAPI; the handler reads the parts as a stream, so the body
        // Fastify validates is null (nullable lets it through).
        body: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                nullable: true,
                properties: {
                  reenvio: { type: 'string', enum: ['true', 'false'], description: 'Send before the file part' },
                  arquivo: {
                    type: 'string',
                    contentMediaType: 'application/octet-stream',
                    description: '.csv or .xlsx',
                  },
                },
                required: ['arquivo'],
              },
            },
          },
        },
        response: responses({ 200: Type.Ref(schemas.ImportOutSchema) }, [409, 413, 415, 422]),
      },
      // The upload slot first: spooling (with an Idempotency-Key) already reads the file.
      preHandler: [uploadSlotHooks.preHandler, spoolForIdempotency],
      onSend: uploadSlotHooks.onSend,
      onResponse: [removeSpooled, uploadSlotHooks.onResponse],
    },
    async (request) => {
      const gone = clientGone(request);
      try {
        const { upload, fields } = await uploadOf(request);
        const unknown = Object.keys(fields).filter((f) => f !== 'reenvio');
        if (unknown.length > 0) {
          throw badRequest(
            t(
              `Campos de formulário desconhecidos: ${unknown.join(', ')}; só "reenvio" e o arquivo são aceitos.`,
              `Unknown form fields: ${unknown.join(', ')}; only "reenvio" and the file are accepted.`,
            ),
          );
        }
        return await service.importSheet(app.db, request.caller, upload, {
          reenvio: booleanField(fields, 'reenvio'),
          limit: app.config.uploadLimit,
          chunkRows: app.config.valuesChunkRows,
          limits: app.config.uploadLimits,
          signal: gone.signal,
        });
      } catch (error) {
        logRefusal(request, error);
        throw error;
      } finally {
        gone.release();
      }
    },
  );

  app.post(
    '/s/v1/contrato/valores/dados-complementares',
    {
      schema: {
        operationId: 'getValuesSheetData',
        summary: "The caller's students eligible for values, pre-filled for the sheet (JSON, CSV or xlsx)",
        description: `${HEADERS} modelo=true answers the empty template.`,
        tags: TAGS,
        body: ComplementaryBody,
        response: responses({ 200: fileOrJson('Pre-filled sheet') }, [404]),
      },
    },
    async (request, reply) => {
      const answer = await complementary.complementaryData(
        app.db,
        request.caller,
        request.body ?? {},
        request.headers.accept,
      );
      if (answer.kind === 'json') return answer.body;
      return reply
        .type(answer.mediaType)
        .header('content-disposition', `attachment; filename="${answer.filename}"`)
        .send(answer.stream);
    },
  );

  app.get(
    '/s/v1/contrato/valores/importar-lote/modelo',
    {
      schema: {
        operationId: 'getValuesSheetTemplate',
        summary: 'The empty values sheet (header row only) to fill and import',
        description: HEADERS,
        tags: TAGS,
        querystring: StrictObject({
          formato: Type.Optional(
            Type.Union([Type.Literal('csv'), Type.Literal('xlsx'), Type.Literal('json')], { default: 'csv' }),
          ),
        }),
        response: responses({ 200: fileOrJson('Template') }),
      },
    },
    async (request, reply) => {
      const answer = complementary.template(request.query.formato ?? 'csv');
      if (answer.kind === 'json') return answer.body;
      return reply
        .type(answer.mediaType)
        .header('content-disposition', `attachment; filename="${answer.filename}"`)
        .send(answer.stream);
    },
  );
}

export const valuesModule: Module = {
  name: 'values',
  schemas: schemas.valuesSchemas,
  routes,
};
