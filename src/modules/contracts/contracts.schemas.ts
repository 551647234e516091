import { type Static, Type } from '@sinclair/typebox';
import { ABAS, MOTIVOS_SEM_RENOVACAO, SITUACOES, TIPOS_SOLICITACAO } from '../../db/schema.js';
import { Id } from '../../http/schemas.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Timestamp = (description: string) => Type.String({ format: 'date-time', description });
const Day = (description: string) => Type.String({ format: 'date', description: `${description} (yyyy-mm-dd)` });

// Enums are inlined (no $id) so their names cannot collide with other areas' components.
export const SituacaoSchema = Type.Union(
  SITUACOES.map((s) => Type.Literal(s)),
  {
    description:
      'Situation of a journey entry (brbId). CANCELADO and EXCLUIDO are terminal and belong to no dashboard tab',
  },
);
export const MotivoSchema = Type.Union(
  MOTIVOS_SEM_RENOVACAO.map((m) => Type.Literal(m)),
  { description: 'Why an entry is SEM_RENOVACAO; present exactly in that situation' },
);
export const AbaSchema = Type.Union(
  ABAS.map((a) => Type.Literal(a)),
  { description: 'Dashboard tab (renewalTabEnum) the situation belongs to' },
);
const TipoSolicitacaoSchema = Type.Union(TIPOS_SOLICITACAO.map((t) => Type.Literal(t)));

export const BrbIdParams = Type.Object({ brbId: Id('Journey entry id (brbId)') }, { additionalProperties: false });
export const ProcessIdParams = Type.Object(
  { processId: Id('Renewal process id (one per brbId)') },
  { additionalProperties: false },
);

export const ContractStatusSchema = Type.Object(
  {
    brbId: Type.Integer({ description: 'Journey entry id' }),
    situacao: SituacaoSchema,
    motivo: Type.Union([MotivoSchema, Type.Null()]),
    aba: Type.Union([AbaSchema, Type.Null()], { description: 'Tab of the situation; null when terminal' }),
    processoId: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The renewal process of this entry (timeline, tasks, requests)',
    }),
    tags: Type.Array(Type.String(), { description: 'Tags of the entry, as on the dashboard' }),
    atualizadoEm: Timestamp('Last change of the entry'),
    jornada: Type.Object(
      {
        id: Type.Integer(),
        tipo: Type.String({ description: 'Journey type code (list /s/v2/renovacao/jornadas/tipos)' }),
        ano: Type.Integer(),
        semestre: Type.Integer({ description: '1 or 2' }),
        status: Type.String({ description: 'ABERTA or ENCERRADA' }),
        janelaInicio: Day('First day of the renewal window'),
        janelaFim: Day('Last day of the renewal window'),
      },
      { description: 'The journey (period) the entry belongs to' },
    ),
    contrato: Type.Object({
      id: Type.Integer(),
      numero: Type.String(),
      status: Type.String({ description: 'ATIVO, CANCELADO, EXCLUIDO or QUITADO' }),
      previsaoFormatura: Day('Graduation forecast'),
      inicioRestituicao: Day('Start of restitution'),
      semestresTrancados: Type.Integer({ description: 'Lock semesters over the contract' }),
      trancamentosConsecutivos: Type.Integer({ description: 'Consecutive kept locks up to now' }),
    }),
    bolsa: Type.Object({
      id: Type.Integer(),
      codBolsa: Type.String(),
      matricula: Type.String({ description: "Student's enrolment number at the IE" }),
      situacaoMatricula: Type.String({ description: 'Enrolment situation code (A, T, F, E, C, I)' }),
    }),
    aditivo: Type.Union(
      [
        Type.Object({
          id: Type.Integer(),
          ano: Type.Integer(),
          semestre: Type.Integer(),
          status: Type.String({ description: 'GERADO (awaiting signature), ASSINADO or CANCELADO' }),
          valor: Type.Number({ description: 'Credited amount of the semester, in reais (two decimals)' }),
          geradoEm: Timestamp('When the addendum was generated'),
          assinadoEm: Type.Union([Timestamp('When the student signed'), Type.Null()]),
        }),
        Type.Null(),
      ],
      { description: 'The latest semester addendum of this entry; null when none was generated' },
    ),
    estudante: Type.Object({
      nome: Type.String(),
      cpf: Type.String({ description: 'CPF, 11 digits without mask' }),
    }),
    ie: Type.Object({ id: Type.Integer(), nome: Type.String(), sigla: Type.String() }),
    curso: Type.Object({ id: Type.Integer(), nome: Type.String() }),
    campus: Type.Object({ id: Type.Integer(), nome: Type.String() }),
    turno: Type.Object({ id: Type.Integer(), codigo: Type.String(), nome: Type.String() }),
  },
  {
    $id: 'ContractStatus',
    description:
      'Status of a student contract in its renewal journey. Entries CANCELADO or EXCLUIDO are still answered',
  },
);
export type ContractStatus = Static<typeof ContractStatusSchema>;

/** Interface 2.4. */
export const InProgressSchema = Type.Object(
  {
    envioValores: Type.Boolean({ description: 'A values send (ENVIO_VALORES) is in progress' }),
    trancamento: Type.Boolean({ description: 'An enrolment lock request is in progress' }),
    afastamentoEvasao: Type.Boolean({ description: 'A withdrawal or dropout request is in progress' }),
    previsaoFormatura: Type.Boolean({ description: 'A graduation-forecast change is in progress' }),
    manutencaoVinculo: Type.Boolean({ description: 'A bond-maintenance request is in progress' }),
    assinaturaContratoAnterior: Type.Boolean({ description: "The previous contract's signature is pending" }),
  },
  {
    $id: 'InProgress',
    additionalProperties: false,
    description: 'Which kinds of request (solicitação) are in progress (EM_ANDAMENTO) for the brbId',
  },
);
export type InProgress = Static<typeof InProgressSchema>;

export const ProcessInProgressSchema = Type.Object(
  {
    existeAndamento: Type.Boolean({ description: 'true when at least one request of the process is in progress' }),
    solicitacoes: Type.Array(
      Type.Object({
        id: Type.Integer({ description: 'Request (solicitação) id' }),
        tipo: TipoSolicitacaoSchema,
        criadaEm: Timestamp('When the request was made'),
      }),
      { description: 'The requests in progress (EM_ANDAMENTO), oldest first' },
    ),
  },
  { $id: 'ProcessInProgress' },
);

export const TimelineEventSchema = Type.Object(
  {
    id: Type.Integer(),
    acao: Type.String({ description: 'Action that caused the event, e.g. ENVIO_VALORES, TRANCAMENTO' }),
    situacaoAnterior: Nullable(Type.String({ description: 'Entry situation before; null on creation' })),
    motivoAnterior: Nullable(Type.String({ description: 'SEM_RENOVACAO reason before' })),
    situacaoNova: Nullable(Type.String({ description: 'Entry situation after; null when unchanged' })),
    motivoNovo: Nullable(Type.String({ description: 'SEM_RENOVACAO reason after' })),
    usuario: Type.String({ description: 'Who acted (token subject)' }),
    usuarioNome: Nullable(Type.String({ description: "The user's name when known" })),
    detalhes: Type.Record(Type.String(), Type.Unknown(), { description: 'Action details (batch id, reasons...)' }),
    dataHora: Timestamp('When it happened'),
  },
  { $id: 'TimelineEvent' },
);

export const TimelineSchema = Type.Object(
  {
    processoId: Type.Integer(),
    brbId: Type.Integer({ description: 'Journey entry of the process' }),
    eventos: Type.Array(Type.Ref(TimelineEventSchema), {
      description: 'Every event of the process in time order (then by id)',
    }),
  },
  { $id: 'Timeline' },
);

export const contractSchemas = [
  ContractStatusSchema,
  InProgressSchema,
  ProcessInProgressSchema,
  TimelineEventSchema,
  TimelineSchema,
];
