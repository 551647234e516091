import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Id, StrictObject } from '../../http/schemas.js';
import { FillValuesInSchema } from '../values/values.schemas.js';

/** Field types shared by every body family of the actions. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const BrDate = (description: string) =>
  Type.String({ pattern: '^\\d{2}-\\d{2}-\\d{4}$', description: `${description} (dd-mm-yyyy, a real date)` });
export const IsoDate = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `${description} (yyyy-mm-dd, a real date)` });
export const IsoDateTime = (description: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$',
    description: `${description} (ISO 8601 date or date-time; its calendar day is what counts)`,
  });
export const Code = (description: string) => Type.String({ minLength: 1, maxLength: 20, description });
export const Text = (description: string, maxLength = 500) => Type.String({ maxLength, description });
export const FilePath = Type.String({
  maxLength: 1000,
  description: 'Where the supporting document was uploaded (path or URL returned by the upload)',
});

export const OCCURRENCE = 'Date the situation happened; not in the future';
export const TIPO_CODE =
  'Enrolment-situation kind: D lock, F withdrawal, E dropout, S bond maintenance (list /s/v1/contrato/situacao-matricula/tipos)';
export const SITUACAO_MATRICULA_CODE =
  'Enrolment situation the kind leads to: T for D, F for F, E for E, A for S (list /s/v1/contrato/situacao-matricula/situacoes)';
export const RESTITUICAO_CODE =
  'Restitution situation: N not started, A brought forward, P after graduation (list .../situacoes-restituicao); a dropout always brings it forward (A)';
export const REASON =
  'Reason: for a withdrawal (F) a numeric code and for a bond maintenance (S) a code of /s/v1/contrato/situacao-matricula/motivos; for a dropout (E) free text';

/** What every action answers on success: interface 2.7's `resultado`/`erro`, plus where the entry now stands. */
export const ActionResultSchema = Type.Object(
  {
    resultado: Type.Literal('OK', { description: 'OK when the action was applied' }),
    erro: Type.Optional(
      Type.String({ description: 'Absent on success; failures answer a problem body carrying `erro`' }),
    ),
    brbId: Type.Integer({ description: 'The journey entry acted on' }),
    processoId: Type.Integer({ description: 'Its renewal process (timeline at /s/v2/processos/{processId}/timeline)' }),
    situacao: Type.String({ description: 'Entry situation after the action' }),
    motivo: Nullable(Type.String({ description: 'SEM_RENOVACAO reason after the action' })),
    solicitacaoId: Nullable(Type.Integer({ description: 'The request the action opened, if any' })),
    eventoId: Type.Integer({ description: 'The timeline event written' }),
  },
  { $id: 'ActionResult' },
);

/** Values an action carries: FillValuesInDto items, which "send values" checks row by row. */
export const ValuesList = Type.Array(Type.Ref(FillValuesInSchema), { minItems: 1, maxItems: 1000 });

/** The outcome of values carried by an action (FillValuesOutDto); open, as "send values" defines it. */
export const ActionValuesOutSchema = Type.Object(
  {
    registrosComSucesso: Type.Integer(),
    registrosComErro: Type.Integer(),
    registrosPendentes: Type.Integer(),
    erro: Type.Optional(Type.String()),
    linhasComErro: Type.Array(Type.String()),
    linhasPendenteFundacred: Type.Array(Type.String()),
    lote: Type.Optional(Nullable(Type.Integer())),
  },
  {
    $id: 'ActionValuesOut',
    additionalProperties: true,
    description:
      'FillValuesOutDto. For a status change without values it reports the one entry changed (registrosComSucesso 1) and where it now stands (brbId, situacao, motivo).',
  },
);

export const ActionForecastResultSchema = Type.Composite(
  [
    ActionResultSchema,
    Type.Object({
      previsaoFormatura: Type.String({ description: 'New graduation forecast (yyyy-mm-dd)' }),
      inicioRestituicao: Type.String({ description: 'New restitution start, the month after it (yyyy-mm-dd)' }),
      'envio-valores': Nullable(Type.Ref(ActionValuesOutSchema)),
    }),
  ],
  { $id: 'ActionForecastResult' },
);

export type ActionResult = Static<typeof ActionResultSchema>;
export type ValuesOut = Static<typeof ActionValuesOutSchema>;

// v3 bodies (camelCase, like interface 2.6 and 2.7).

const brbId = Id('Journey entry (brbId)');

export const LockIn = StrictObject(
  {
    brbId,
    dataOcorrido: BrDate(OCCURRENCE),
    motivo: Type.Optional(Text('Free note on the lock')),
    caminhoArquivo: Type.Optional(FilePath),
  },
  { $id: 'ActionLockIn', description: 'Enrolment lock (tipo D, situação T); the fields of EnrollmentLockInDto' },
);

/** Interface 2.7, plus an optional `tipo`. */
export const WithdrawalIn = StrictObject(
  {
    brbId,
    dataOcorrido: BrDate('Date of the withdrawal or dropout request; not in the future'),
    motivo: Type.String({
      minLength: 1,
      maxLength: 500,
      description:
        'A numeric withdrawal reason code (F, list /s/v1/contrato/situacao-matricula/motivos?tipo=F) or the free-text reason of a dropout (E)',
    }),
    caminhoArquivo: Type.Optional(FilePath),
    tipo: Type.Optional(
      Code(
        'F withdrawal or E dropout. Absent: a motivo of digits only is a withdrawal reason code, anything else a dropout',
      ),
    ),
  },
  { $id: 'ActionWithdrawalIn', description: 'Interface 2.7: withdrawal (afastamento) or dropout (evasão)' },
);

export const BondIn = StrictObject(
  {
    brbId,
    motivo: Code('Bond-maintenance reason code (list /s/v1/contrato/situacao-matricula/motivos?tipo=S)'),
    motivoComplementar: Type.Optional(Text('Complement to the reason', 2000)),
    dataOcorrido: Type.Optional(BrDate(OCCURRENCE)),
    situacaoRestituicao: Type.Optional(Code(RESTITUICAO_CODE)),
    contratosFirmados: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, description: 'Contracts signed so far' }),
    ),
    inicioReembolso: Type.Optional(IsoDate('Refund start recorded with the request')),
    caminhoArquivo: Type.Optional(FilePath),
  },
  { $id: 'ActionBondIn', description: 'Bond maintenance (tipo S): enrolled, using no credit this semester' },
);

export const KeepLockIn = StrictObject(
  { brbId, dataOcorrido: Type.Optional(BrDate(OCCURRENCE)), caminhoArquivo: Type.Optional(FilePath) },
  { $id: 'ActionKeepLockIn', description: "Keep last semester's lock for this semester" },
);

export const InactivateIn = StrictObject(
  { brbId, motivo: Type.Optional(Text('Why the student leaves this journey')) },
  { $id: 'ActionInactivateIn', description: 'Inactivate the student in the journey' },
);

export const ReviewIn = StrictObject(
  { brbId, motivo: Type.String({ minLength: 1, maxLength: 2000, description: 'What the foundation should review' }) },
  { $id: 'ActionReviewIn', description: "Send the entry back for the foundation's analysis review" },
);

export const ContractEndV3In = StrictObject(
  {
    brbId,
    motivo: Type.String({ minLength: 1, maxLength: 500, description: 'Why the contract ends' }),
    motivoComplementar: Type.Optional(Text('Complement to the reason', 2000)),
    data: Type.Optional(IsoDateTime('When it was decided')),
    arquivo: Type.Optional(FilePath),
  },
  { $id: 'ActionContractEndIn', description: 'Delete or cancel the contract of a journey entry' },
);

export const ForecastV3In = StrictObject(
  {
    brbId,
    previsaoFormatura: BrDate('New graduation forecast; not before the first credited month'),
    motivo: Type.Optional(Text('Why the forecast changes')),
    reenvio: Type.Optional(Type.Boolean({ description: 'With valores: values sent again (see send values)' })),
    valores: Type.Optional(ValuesList),
  },
  {
    $id: 'ActionForecastIn',
    description: 'New graduation forecast; may carry the semester values, which then follow "send values"',
  },
);

export const actionSchemas: TSchema[] = [
  ActionResultSchema,
  ActionValuesOutSchema,
  ActionForecastResultSchema,
  LockIn,
  WithdrawalIn,
  BondIn,
  KeepLockIn,
  InactivateIn,
  ReviewIn,
  ContractEndV3In,
  ForecastV3In,
];
