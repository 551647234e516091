import { Type } from '@sinclair/typebox';
import { readDb } from '../../http/read-db.js';
import { aliasOperationId, responses } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import * as schemas from './dashboard.schemas.js';
import * as service from './dashboard.service.js';

/**
 * Students whose semester addendum (aditivo GERADO) waits for their signature: entries
 * AGUARDANDO_ASSINATURA. The /api path is the external API group (role API, see authenticate.ts).
 */
export async function registerSignatureRoutes(app: App) {
  const paths = ['/s/v3/estudantes/pendentes-assinatura', '/api/v3/estudantes/pendentes-assinatura'];
  paths.forEach((url, i) => {
    app.get(
      url,
      {
        schema: {
          operationId: aliasOperationId('listPendingSignatureStudents', i),
          summary: 'Students with a contract addendum pending signature',
          tags: ['Renewal dashboard'],
          querystring: schemas.PendingSignatureQuery,
          response: responses({ 200: Type.Ref(schemas.PendingSignaturePageSchema) }, [404]),
        },
      },
      async (request) => service.listPendingSignature(readDb(request), request.caller, request.query),
    );
  });
}
