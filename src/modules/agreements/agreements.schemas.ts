import { Type } from '@sinclair/typebox';
import { Id } from '../../http/schemas.js';

export const ACCRUAL_MODES = ['SIMPLES', 'COMPOSTO'] as const;

export const BetaAgreementSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Agreement (convênio) id' }),
    nome: Type.String(),
    ieId: Type.Integer({ description: 'IE the agreement belongs to' }),
    grupoIeId: Type.Integer({ description: "Group of the agreement's IE" }),
    produto: Type.String({ description: 'Credit product, e.g. CredIES' }),
    taxaMensal: Type.String({
      pattern: '^[0-9]+\\.[0-9]{6}$',
      description:
        'Monthly administrative fee rate as an exact decimal string with 6 places (a fraction, not a percentage): ' +
        '"0.003500" is 0.35% a month. A string so that no client parses it into binary floating point.',
    }),
    regimeAcumulo: Type.Union(
      ACCRUAL_MODES.map((m) => Type.Literal(m)),
      { description: 'How the fee accrues over the months of the course: SIMPLES (default) or COMPOSTO' },
    ),
    limites: Type.Object(
      {
        maxSemestresTrancamento: Type.Integer({ description: 'Maximum lock semesters over the contract' }),
        maxTrancamentosConsecutivos: Type.Integer({ description: 'Maximum consecutive kept locks' }),
      },
      { description: 'Limits a lock request is checked against (exceeding one answers 422)' },
    ),
    janelaDias: Type.Integer({ description: 'Length of the renewal window in days' }),
    ativo: Type.Boolean(),
    padrao: Type.Boolean({ description: "Whether it is the caller's default agreement" }),
  },
  { $id: 'BetaAgreement', description: 'An agreement (convênio) between an IE and the credit foundation' },
);

export const DefaultAgreementSchema = Type.Object(
  {
    convenio: Type.Union([Type.Ref(BetaAgreementSchema), Type.Null()], {
      description: "The caller's default agreement; null when none is set (or it is no longer of the caller's IEs)",
    }),
  },
  { $id: 'DefaultAgreement' },
);

export const AgreementsQuery = Type.Object(
  { ativo: Type.Optional(Type.Boolean({ description: 'true: only active agreements; false: only inactive ones' })) },
  { additionalProperties: false },
);

export const GroupParams = Type.Object({
  grbId: Id("IE group id: the token's grupoIe or the group of one of its IEs (operators: any group)"),
});

export const AgreementParams = Type.Object({ id: Id("Agreement (convênio) id, of one of the caller's IEs") });

export const agreementSchemas = [BetaAgreementSchema, DefaultAgreementSchema];
