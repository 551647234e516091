import { type Static, Type } from '@sinclair/typebox';
import { Id, StrictObject } from '../../http/schemas.js';
import {
  ActionValuesOutSchema,
  BrDate,
  Code,
  IsoDate,
  OCCURRENCE,
  REASON,
  RESTITUICAO_CODE,
  SITUACAO_MATRICULA_CODE,
  Text,
  TIPO_CODE,
  ValuesList,
} from './actions.schemas.js';

/**
 * Interface 2.1, the v2 `alterar` body: `situacao` picks the variant and each variant is checked
 * on its own (JSON Schema if/then), so a misspelt key is reported against the variant the client
 * meant. Key spellings are the interface's: camelCase `situacaoMatricula` inside the lock
 * variant, hyphenated keys inside the others.
 */
export const STATUS_CHANGE_SITUACOES = [
  'REVISAO_ANALISE',
  'TRANCAMENTO',
  'AFASTAMENTO_EVASAO',
  'MANUTENCAO_VINCULO',
  'ENVIO_VALORES',
] as const;

const common = {
  brbId: Type.Optional(Id('Journey entry (brbId); when sent, it must be the one in the path')),
  motivo: Type.Optional(Text('Note on the change')),
};

const Review = StrictObject({
  ...common,
  situacao: Type.Literal('REVISAO_ANALISE'),
  motivo: Type.String({ minLength: 1, maxLength: 2000, description: 'What the foundation should review' }),
});

const Lock = StrictObject({
  ...common,
  situacao: Type.Literal('TRANCAMENTO'),
  situacaoMatricula: StrictObject(
    {
      tipo: Code(`${TIPO_CODE}; D here`),
      situacaoMatricula: Code(`${SITUACAO_MATRICULA_CODE}; T here`),
      'data-ocorrido': BrDate(OCCURRENCE),
    },
    { description: 'Lock data (camelCase situacaoMatricula inside, as the interface spells it)' },
  ),
});

const Withdrawal = StrictObject({
  ...common,
  situacao: Type.Literal('AFASTAMENTO_EVASAO'),
  situacaoMatricula: StrictObject(
    {
      tipo: Code(`${TIPO_CODE}; F or E here`),
      'situacao-matricula': Code(SITUACAO_MATRICULA_CODE),
      motivo: Type.String({ minLength: 1, maxLength: 500, description: REASON }),
      'situacao-restituicao': Type.Optional(Code(`${RESTITUICAO_CODE}; absent: A for E, N for F`)),
      'data-ocorrido': BrDate(OCCURRENCE),
    },
    { description: 'Withdrawal (F) or dropout (E) data' },
  ),
});

const Bond = StrictObject({
  ...common,
  situacao: Type.Literal('MANUTENCAO_VINCULO'),
  situacaoMatricula: StrictObject(
    {
      tipo: Code(`${TIPO_CODE}; S here`),
      motivo: Code(REASON),
      'motivo-complementar': Type.Optional(Text('Complement to the reason', 2000)),
      'situacao-matricula': Type.Optional(Code(`${SITUACAO_MATRICULA_CODE}; A here`)),
      'situacao-restituicao': Type.Optional(Code(RESTITUICAO_CODE)),
      'data-ocorrido': Type.Optional(BrDate(OCCURRENCE)),
      'contratos-firmados': Type.Optional(
        Type.Integer({ minimum: 0, maximum: 100, description: 'Contracts signed so far' }),
      ),
      'inicio-reembolso': Type.Optional(IsoDate('Refund start recorded with the request')),
    },
    { description: 'Bond-maintenance data' },
  ),
});

const Values = StrictObject({
  ...common,
  situacao: Type.Literal('ENVIO_VALORES'),
  valoresRenovacao: ValuesList,
});

const VARIANTS = {
  REVISAO_ANALISE: Review,
  TRANCAMENTO: Lock,
  AFASTAMENTO_EVASAO: Withdrawal,
  MANUTENCAO_VINCULO: Bond,
  ENVIO_VALORES: Values,
};

export type StatusChangeBody = Static<(typeof VARIANTS)[keyof typeof VARIANTS]>;
export type LockVariant = Static<typeof Lock>;
export type WithdrawalVariant = Static<typeof Withdrawal>;
export type BondVariant = Static<typeof Bond>;

export const StatusChangeIn = Type.Unsafe<StatusChangeBody>({
  $id: 'StatusChangeIn',
  type: 'object',
  description:
    'Interface 2.1. `situacao` selects the variant: REVISAO_ANALISE {motivo}; TRANCAMENTO {situacaoMatricula: {tipo D, situacaoMatricula T, data-ocorrido}}; AFASTAMENTO_EVASAO {situacaoMatricula: {tipo F|E, situacao-matricula, motivo, situacao-restituicao?, data-ocorrido}}; MANUTENCAO_VINCULO {situacaoMatricula: {tipo S, motivo, motivo-complementar?, situacao-matricula?, situacao-restituicao?, data-ocorrido?, contratos-firmados?, inicio-reembolso? (yyyy-mm-dd)}}; ENVIO_VALORES {valoresRenovacao}. Dates dd-mm-yyyy unless stated.',
  required: ['situacao'],
  properties: { situacao: { type: 'string', enum: [...STATUS_CHANGE_SITUACOES], description: 'The action variant' } },
  allOf: STATUS_CHANGE_SITUACOES.map((situacao) => ({
    if: { properties: { situacao: { const: situacao } }, required: ['situacao'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword
    then: VARIANTS[situacao],
  })),
});

export const StatusChangeOut = Type.Object(
  { 'envio-valores': Type.Ref(ActionValuesOutSchema) },
  { $id: 'StatusChangeOut', description: 'Interface 2.1 response' },
);

export const statusChangeSchemas = [StatusChangeIn, StatusChangeOut];
