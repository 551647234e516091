import { Type } from '@sinclair/typebox';
import { CodeItemSchema, ReasonItemSchema } from '../reference/reference.schemas.js';
import { Nullable } from './actions.schemas.js';

const Day = (description: string) => Type.String({ description: `${description} (yyyy-mm-dd)` });

export const ComplementaryDataOut = Type.Object(
  {
    brbId: Type.Integer(),
    processoId: Type.Integer(),
    jornada: Type.Object({ id: Type.Integer(), tipo: Type.String(), ano: Type.Integer(), semestre: Type.Integer() }),
    situacao: Type.String({ description: 'Entry situation' }),
    motivo: Nullable(Type.String({ description: 'SEM_RENOVACAO reason' })),
    aba: Nullable(Type.String({ description: 'Dashboard tab; null for CANCELADO/EXCLUIDO' })),
    estudante: Type.Object({ id: Type.Integer(), nome: Type.String(), cpf: Type.String() }),
    bolsa: Type.Object({
      id: Type.Integer(),
      codBolsa: Type.String(),
      matricula: Type.String(),
      situacaoMatricula: Type.String({ description: 'Enrolment situation code' }),
      status: Type.String(),
    }),
    contrato: Type.Object({
      id: Type.Integer(),
      numero: Type.String(),
      status: Type.String(),
      primeiroMesCredito: Day('First credited month'),
      previsaoFormatura: Day('Graduation forecast'),
      inicioRestituicao: Day('Restitution start'),
    }),
    datasOcorrido: Type.Object(
      {
        minima: Type.String({ format: 'date', description: 'First day of the semester before the journey’s' }),
        maxima: Type.String({ format: 'date', description: 'Today (America/Sao_Paulo)' }),
      },
      { description: 'The occurrence dates (dataOcorrido, data-ocorrido) the actions accept for this entry now' },
    ),
    acoesPermitidas: Type.Array(Type.String(), {
      description: 'State-machine actions allowed now through the v2/v3 operations (docs/state-machine.md)',
    }),
    acoesPermitidasAlterarStatus: Type.Array(Type.String(), {
      description: 'Actions allowed through /s/v3/mais-acoes/alterar-status/* (only from SEM_RENOVACAO)',
    }),
    solicitacoesEmAndamento: Type.Array(Type.Object({ id: Type.Integer(), tipo: Type.String() }), {
      description: 'Requests in progress; another of the same kind is refused (409)',
    }),
    trancamentos: Type.Object(
      {
        convenioId: Type.Integer(),
        convenio: Type.String(),
        semestresTrancados: Type.Integer({ description: 'Semesters locked over the contract' }),
        maxSemestresTrancamento: Type.Integer({ description: "The convênio's limit on locked semesters" }),
        semestresRestantes: Type.Integer({ description: 'Locks still allowed' }),
        trancamentosConsecutivos: Type.Integer({ description: 'Consecutive kept locks so far' }),
        maxTrancamentosConsecutivos: Type.Integer({ description: "The convênio's limit on consecutive kept locks" }),
        manutencoesRestantes: Type.Integer({ description: 'Kept locks still allowed in this run' }),
      },
      { description: 'Lock counters against the convênio limits' },
    ),
    referencias: Type.Object(
      {
        tipos: Type.Array(Type.Ref(CodeItemSchema)),
        situacoesMatricula: Type.Array(Type.Ref(CodeItemSchema)),
        situacoesRestituicao: Type.Array(Type.Ref(CodeItemSchema)),
        motivos: Type.Array(Type.Ref(ReasonItemSchema)),
      },
      { description: 'The codes the forms offer (the same lists as the v1 list operations)' },
    ),
  },
  { $id: 'ActionComplementaryData', description: 'What a user needs to fill an action form for one entry' },
);
