import { PassThrough } from 'node:stream';
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf } from '../../http/i18n.js';
import type { Sink } from './export.cursor.js';
import '../../lib/heap-tuning.js';
import { type Column, csvWriter, EXPORT_MEDIA_TYPES, type ExportFormat } from './export.format.js';
import { xlsxWriter } from './export.xlsx.js';

/**
 * What a list route needs to answer as a file: the `formato` query field, the response's content
 * types for OpenAPI, the format a request asks for, and `sendExport`, which streams the rows a
 * `pump` hands it. Every exportable list uses these; no route writes CSV or xlsx itself.
 */

export const FORMATOS = ['json', 'csv', 'xlsx'] as const;

/** Spread into a list's querystring: `{ ...ExportQuery, ...filters }`. */
export const ExportQuery = {
  formato: Type.Optional(
    Type.Union(
      FORMATOS.map((f) => Type.Literal(f)),
      {
        description:
          'json (default): a page. csv or xlsx: every row the filters select, in the list order, as a file ' +
          '(paging ignored). Absent: from the Accept header (text/csv or the xlsx media type), else json.',
      },
    ),
  ),
};

/** A 200 that is JSON (the page schema) or, for exports, CSV or xlsx. */
export function listOrFile(json: TSchema, description = 'The list page, or every row as CSV/xlsx') {
  return Type.Unsafe({ description, content: { 'application/json': { schema: json }, ...FILE_CONTENT } });
}

/** A 200 that is only a file, CSV or xlsx. */
export function fileOnly(description: string) {
  return Type.Unsafe({ description, content: FILE_CONTENT });
}

const FILE_CONTENT = {
  'text/csv': {
    schema: {
      type: 'string',
      description: 'UTF-8 with BOM, ";" separated, comma decimals, dates dd/mm/aaaa (as Brazilian Excel opens it)',
    },
  },
  [EXPORT_MEDIA_TYPES.xlsx]: {
    schema: {
      type: 'string',
      contentMediaType: EXPORT_MEDIA_TYPES.xlsx,
      description: 'One worksheet; dates as dates, money as numbers in a BRL format',
    },
  },
};

/** The file format the request asks for, or null for JSON: `formato` wins, then Accept. */
export function exportFormat(request: FastifyRequest): ExportFormat | null {
  const formato = (request.query as { formato?: string } | undefined)?.formato;
  if (formato === 'csv' || formato === 'xlsx') return formato;
  if (formato === 'json') return null;
  const accept = (request.headers.accept ?? '').toLowerCase();
  if (accept.includes('application/json')) return null;
  if (accept.includes('spreadsheetml')) return 'xlsx';
  if (accept.includes('text/csv')) return 'csv';
  return null;
}

export interface ExportSpec<R> {
  format: ExportFormat;
  /** File name without extension, e.g. 'aptos'. */
  filename: string;
  columns: Column<R>[];
  /** Feeds every row to the sink, chunk by chunk (e.g. streamQuery over the list's query). */
  pump: (sink: Sink<R>) => Promise<void>;
}

/**
 * Answers the rows as a file, streamed: the writer writes each chunk as the pump hands it and the
 * pump waits for the client (backpressure). Run every check that can refuse the request (404 of
 * another IE's id, a bad filter) before calling: once streaming, the status is sent.
 */
export async function sendExport<R>(request: FastifyRequest, reply: FastifyReply, spec: ExportSpec<R>) {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const lang = langOf(request.headers['accept-language']);
  const writer =
    spec.format === 'csv'
      ? csvWriter(out, spec.columns, lang)
      : await xlsxWriter(out, spec.columns, lang, spec.filename);
  spec
    .pump((rows) => writer.write(rows))
    .then(() => writer.end())
    .catch((error: Error) => {
      // Headers are gone: a cut-off file is all the client can be told; the log says why.
      if (!out.destroyed) request.log.error({ err: error }, 'export failed while streaming');
      out.destroy(error);
    });
  return reply
    .type(EXPORT_MEDIA_TYPES[spec.format])
    .header('content-disposition', `attachment; filename="${spec.filename}.${spec.format}"`)
    .send(out);
}
