import { type Static, Type } from '@sinclair/typebox';
import { TIPOS_SOLICITACAO } from '../../db/schema.js';
import { Id } from '../../http/schemas.js';
import { MotivoSchema, SituacaoSchema } from './contracts.schemas.js';

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });
const NullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const BrDate = (description: string) =>
  Type.Union([Type.String({ pattern: '^\\d{2}-\\d{2}-\\d{4}$' }), Type.Null()], {
    description: `${description} (dd-mm-yyyy); null when not recorded`,
  });

export const SolicitationIdParams = Type.Object(
  { solicitationId: Id('Request (solicitação) id') },
  { additionalProperties: false },
);
/** The interface names them {id-processo} and {id-bolsa}; Fastify cannot have '-' in a parameter name. */
export const PreviousLockParams = Type.Object(
  {
    idProcesso: Id('Renewal process id (the current period)'),
    idBolsa: Id('Bolsa id; must be the bolsa of the process contract'),
  },
  { additionalProperties: false },
);

export const TaskSchema = Type.Object(
  {
    id: Type.Integer(),
    solicitacaoId: Type.Integer({ description: 'The request the task belongs to' }),
    tipo: Type.Union([Type.Literal('TRANCAMENTO'), Type.Literal('AFASTAMENTO')]),
    status: Type.Union(
      [Type.Literal('PENDENTE'), Type.Literal('EM_ANALISE'), Type.Literal('CONCLUIDA'), Type.Literal('CANCELADA')],
      { description: 'PENDENTE and EM_ANALISE are unfinished' },
    ),
    descricao: Type.String({ description: 'What the task asks for' }),
    dados: Type.Record(Type.String(), Type.Unknown(), { description: 'Task data (documents, notes)' }),
    criadaEm: Timestamp('When the task was created'),
    concluidaEm: Type.Union([Timestamp('When the task was finished'), Type.Null()]),
  },
  { $id: 'RenewalTask', description: 'A task of a lock or withdrawal/dropout request' },
);

export const ProcessOpenTasksSchema = Type.Object(
  {
    processoId: Type.Integer(),
    brbId: Type.Integer({ description: 'Journey entry of the process' }),
    existeTarefaAberta: Type.Boolean({ description: 'true when tarefas is not empty' }),
    tarefas: Type.Array(Type.Ref(TaskSchema), {
      description: 'Unfinished (PENDENTE or EM_ANALISE) tasks of kind TRANCAMENTO or AFASTAMENTO, oldest first',
    }),
  },
  { $id: 'ProcessOpenTasks' },
);

const RequestSummary = Type.Object(
  {
    id: Type.Integer(),
    tipo: Type.Union(TIPOS_SOLICITACAO.map((t) => Type.Literal(t))),
    status: Type.Union(
      [Type.Literal('EM_ANDAMENTO'), Type.Literal('CONCLUIDA'), Type.Literal('CANCELADA'), Type.Literal('RECUSADA')],
      { description: 'Request status; EM_ANDAMENTO while in progress' },
    ),
    processoId: Type.Integer(),
    brbId: Type.Integer(),
    criadaPor: Type.String({ description: 'Who made the request (token subject)' }),
    criadaEm: Timestamp('When the request was made'),
    concluidaEm: Type.Union([Timestamp('When the request was concluded, cancelled or refused'), Type.Null()]),
  },
  { description: 'The request (solicitação)' },
);

const WaitingReason = Type.Union(
  [
    Type.Object({
      codigo: Type.String({ description: "Code of the list 'motivo-espera' (GET /motivo-espera)" }),
      descricao: Type.String({ description: 'Its description; the code itself when the list no longer has it' }),
    }),
    Type.Null(),
  ],
  { description: 'Why the request is waiting; null when it is not waiting on anyone' },
);

export const WithdrawalDetailsSchema = Type.Object(
  {
    solicitacao: RequestSummary,
    dados: Type.Object(
      {
        tipo: NullableString('F (withdrawal, afastamento) or E (dropout, evasão)'),
        motivo: NullableString('For F a numeric reason code; for E free text'),
        motivoDescricao: NullableString(
          'Description of the numeric F reason (GET /s/v1/contrato/situacao-matricula/motivos); null for E',
        ),
        situacaoMatricula: NullableString('Enrolment situation code (situacao-matricula)'),
        situacaoRestituicao: NullableString('Restitution situation code (situacao-restituicao)'),
        dataOcorrido: BrDate('Date of the withdrawal or dropout'),
        caminhoArquivo: NullableString('Supporting document path, when one was sent'),
      },
      { description: 'What the IE informed in the withdrawal/dropout request' },
    ),
    motivoEspera: WaitingReason,
    tarefas: Type.Array(Type.Ref(TaskSchema), { description: 'Every task of the request, oldest first' }),
  },
  { $id: 'WithdrawalTaskDetails' },
);

export const LockDetailsSchema = Type.Object(
  {
    solicitacao: RequestSummary,
    situacaoEntrada: SituacaoSchema,
    motivoEntrada: Type.Union([MotivoSchema, Type.Null()], { description: 'SEM_RENOVACAO reason of the entry' }),
    concluida: Type.Boolean({ description: 'true when the request is no longer EM_ANDAMENTO' }),
    tarefasEmAberto: Type.Integer({ description: 'Tasks of the request still PENDENTE or EM_ANALISE' }),
    dados: Type.Object(
      {
        situacaoMatricula: NullableString('Enrolment situation code (T for a lock)'),
        dataOcorrido: BrDate('Date of the lock'),
        caminhoArquivo: NullableString('Supporting document path, when one was sent'),
      },
      { description: 'What the IE informed in the lock request' },
    ),
    motivoEspera: WaitingReason,
    tarefas: Type.Array(Type.Ref(TaskSchema), { description: 'Every task of the request, oldest first' }),
  },
  { $id: 'LockTaskDetails' },
);

export const PreviousLockSchema = Type.Object(
  {
    existe: Type.Boolean({
      description: 'false (with trancamento null) when no earlier period of this bolsa ended locked',
    }),
    trancamento: Type.Union(
      [
        Type.Object({
          brbId: Type.Integer({ description: 'The earlier journey entry that was SEM_RENOVACAO/TRANCAMENTO' }),
          processoId: Type.Union([Type.Integer(), Type.Null()]),
          jornada: Type.Object({ id: Type.Integer(), ano: Type.Integer(), semestre: Type.Integer() }),
          trancadoEm: Type.Union([Timestamp('When the entry was locked'), Type.Null()], {
            description:
              'From the timeline event that set SEM_RENOVACAO/TRANCAMENTO, else the lock request creation; null if neither exists',
          }),
          solicitacao: Type.Union(
            [
              Type.Object({
                id: Type.Integer(),
                status: Type.String({ description: 'EM_ANDAMENTO, CONCLUIDA, CANCELADA or RECUSADA' }),
                criadaEm: Timestamp('When the lock was requested'),
                dataOcorrido: BrDate('Date of the lock'),
                caminhoArquivo: NullableString('Supporting document path'),
              }),
              Type.Null(),
            ],
            { description: 'The lock request of that entry; null for a lock carried at journey opening' },
          ),
        }),
        Type.Null(),
      ],
      { description: 'The most recent earlier-period lock' },
    ),
  },
  { $id: 'PreviousLock' },
);
export type PreviousLock = Static<typeof PreviousLockSchema>;

export const taskSchemas = [
  TaskSchema,
  ProcessOpenTasksSchema,
  WithdrawalDetailsSchema,
  LockDetailsSchema,
  PreviousLockSchema,
];
