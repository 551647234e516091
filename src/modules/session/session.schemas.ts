import { Type } from '@sinclair/typebox';
import { StrictObject } from '../../http/schemas.js';

export const DemoUserSchema = Type.Object(
  {
    id: Type.String({ description: 'Demo user key, sent back to POST /s/sessao/demo' }),
    nome: Type.String(),
    papel: Type.Union([Type.Literal('IE'), Type.Literal('OPERADOR')]),
    ies: Type.Array(Type.Integer(), { description: 'IEs the user acts on (empty for an operator: every IE)' }),
    descricao: Type.String({ description: 'Who this user is, in Portuguese' }),
  },
  {},
);

export const SessionUserSchema = Type.Object(
  {
    sub: Type.String(),
    nome: Type.String(),
    papel: Type.Union([Type.Literal('IE'), Type.Literal('API'), Type.Literal('OPERADOR')]),
    ies: Type.Array(Type.Integer()),
    grupoIe: Type.Union([Type.Integer(), Type.Null()]),
    expiraEm: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the session token expires',
    }),
  },
  {},
);

export const PortalConfigSchema = Type.Object(
  {
    demo: Type.Boolean({ description: 'Demo sign-in available (never with NODE_ENV=production)' }),
    hoje: Type.String({
      format: 'date',
      description:
        "The service's business date (America/Sao_Paulo, yyyy-mm-dd): what 'today', 'in the future' and days left mean in every rule",
    }),
    oidc: Type.Union(
      [
        Type.Object({
          issuer: Type.String(),
          clientId: Type.String(),
          scope: Type.String(),
          resource: Type.Union([Type.String(), Type.Null()]),
        }),
        Type.Null(),
      ],
      { description: 'OpenID provider for authorization code + PKCE; null when not configured' },
    ),
  },
  {},
);

export const DemoSignInBody = StrictObject({
  usuario: Type.String({ minLength: 1, maxLength: 40, description: 'id of one of GET /s/sessao/usuarios-demo' }),
});

export const TokenSignInBody = StrictObject({
  accessToken: Type.String({
    minLength: 1,
    maxLength: 8192,
    description: 'Access token from the OpenID provider; verified like any bearer',
  }),
});

export const NoQuery = StrictObject({});
