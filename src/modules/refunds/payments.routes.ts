import { readFile } from 'node:fs/promises';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { responses } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { sheetFormatOf } from '../values/sheet.js';
import { clientGone, logRefusal, removeSpooled, uploadOf } from '../values/upload.js';
import { tooLarge } from '../values/values.service.js';
import * as schemas from './payments-file.schemas.js';
import { importPaymentsFile } from './payments-file.service.js';
import { findContracts, previewPayment } from './payments-lookup.service.js';
import { PaymentInSchema } from './refunds.schemas.js';

/** A bank return file is a few thousand rows; read whole, so it is capped well below the upload limit. */
const FILE_LIMIT = 5 * 1024 * 1024;
const OPERATOR = { roles: ['OPERADOR'] as const };
const tags = ['Operator'];

/** The foundation's payment desk: find a contract, preview a payment, import the bank's file. */
export async function registerPaymentRoutes(app: App) {
  app.get(
    '/s/operador/contratos',
    {
      config: OPERATOR,
      schema: {
        operationId: 'searchRestitutionContracts',
        summary: 'Foundation: find contracts by number as shown, CPF or student name (up to 20)',
        tags,
        querystring: schemas.ContractSearchQuery,
        response: responses({ 200: Type.Ref(schemas.ContractSearchOutSchema) }),
      },
    },
    async (request) => findContracts(app.db, request.caller, request.query.busca),
  );

  app.post(
    '/s/operador/pagamentos/simulacao',
    {
      config: OPERATOR,
      schema: {
        operationId: 'previewRestitutionPayment',
        summary: 'Foundation: what a payment would do (installments, balances), recording nothing',
        description: 'The same rules and refusals as recordRestitutionPayment; nothing is written.',
        tags,
        body: Type.Ref(PaymentInSchema),
        response: responses({ 200: Type.Ref(schemas.PaymentPreviewOutSchema) }, [404, 409, 422]),
      },
    },
    async (request) => previewPayment(app.db, request.caller, request.body),
  );

  app.post(
    '/s/operador/pagamentos/arquivo',
    {
      config: OPERATOR,
      schema: {
        operationId: 'importRestitutionPaymentsFile',
        summary: "Foundation: import the bank's payments file (CSV or xlsx) as one batch, a result per row",
        description:
          'multipart/form-data with the file part "arquivo" (.csv or .xlsx, up to 5 MB). Header row, then one payment a ' +
          'row: "contrato" (the number as shown) or "cpf", "data do pagamento" (dd/mm/aaaa) and "valor" (1.234,56). Each ' +
          'row follows the rules of recordRestitutionPayment on its own (a refused row does not block the others). A row ' +
          'already recorded by an earlier file (same contract, date and amount, and the same occurrence in the file) is ' +
          'JA_REGISTRADO: uploading the same file again records nothing twice.',
        tags,
        consumes: ['multipart/form-data'],
        body: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                nullable: true,
                properties: {
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
        response: responses({ 200: Type.Ref(schemas.PaymentFileOutSchema) }, [413, 415]),
      },
      // The upload is spooled to a temporary file; it goes once the answer is sent.
      onResponse: removeSpooled,
    },
    async (request) => {
      const { upload } = await uploadOf(request);
      const format = sheetFormatOf(upload.filename);
      if (!format) {
        throw new AppError(
          415,
          'unsupported-media-type',
          t(
            `"${upload.filename}" não é um arquivo .csv ou .xlsx; envie o arquivo de pagamentos como CSV ou xlsx.`,
            `"${upload.filename}" is not a .csv or .xlsx file; upload the payments file as CSV or xlsx.`,
          ),
        );
      }
      if (upload.truncated) throw tooLarge(app.config.uploadLimit);
      if (upload.bytes > FILE_LIMIT) throw tooLarge(FILE_LIMIT);
      const buffer = await readFile(upload.path);
      const gone = clientGone(request);
      try {
        return await importPaymentsFile(
          app.db,
          request.caller,
          { buffer, path: upload.path, filename: upload.filename, format },
          app.config.uploadLimits,
          gone.signal,
        );
      } catch (error) {
        logRefusal(request, error);
        throw error;
      } finally {
        gone.release();
      }
    },
  );
}
