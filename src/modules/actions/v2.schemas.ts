import { Type } from '@sinclair/typebox';
import { Id, StrictObject } from '../../http/schemas.js';
import {
  BrDate,
  Code,
  FilePath,
  IsoDate,
  IsoDateTime,
  OCCURRENCE,
  REASON,
  RESTITUICAO_CODE,
  SITUACAO_MATRICULA_CODE,
  Text,
  TIPO_CODE,
} from './actions.schemas.js';

/** v2 and v1 bodies: hyphenated keys, as the interface spells its v2 shapes (2.2, 2.3). */

/** Interface 2.2. */
export const ContractEndIn = StrictObject(
  {
    situacao: Type.Optional(
      Code(
        'Action type of /s/v2/mais-acoes/situacoes?exclusaoCancelamento=true: EXCLUIR_CONTRATO or CANCELAR_CONTRATO; when sent it must match the operation',
      ),
    ),
    motivo: Type.String({ minLength: 1, maxLength: 500, description: 'Why the contract ends (required)' }),
    'motivo-complementar': Type.Optional(Text('Complement to the reason', 2000)),
    data: Type.Optional(IsoDateTime('When it was decided')),
    arquivo: Type.Optional(FilePath),
  },
  { $id: 'ContractEndIn', description: 'Interface 2.2: contract deletion or cancellation' },
);

export const ContractEndOut = Type.Object(
  { sucesso: Type.Boolean(), mensagem: Type.String({ description: 'What happened, for a person' }) },
  { $id: 'ContractEndOut', description: 'Interface 2.2 response' },
);

/** Interface 2.3; `brbId` and `data-ocorrido` are required, the form's echo fields are recorded as sent. */
export const LockFormIn = StrictObject(
  {
    brbId: Id('Journey entry (brbId)'),
    'id-processo': Type.Optional(Id('Renewal process (recorded)')),
    'id-solicitacao': Type.Optional(Id('Related request (recorded)')),
    'nome-estudante': Type.Optional(Text('Student name (recorded)', 200)),
    cpf: Type.Optional(Text('Student CPF (recorded)', 14)),
    'cod-bolsa': Type.Optional(Text('Bolsa code (recorded)', 50)),
    bolsa: Type.Optional(Text('Bolsa (recorded)', 200)),
    'situacao-matricula': Type.Optional(Code(`${SITUACAO_MATRICULA_CODE}; T here`)),
    tipo: Type.Optional(Code(`${TIPO_CODE}; D here`)),
    motivo: Type.Optional(Text('Note on the lock')),
    'motivo-complementar': Type.Optional(Text('Complement', 2000)),
    'situacao-restituicao': Type.Optional(Code(RESTITUICAO_CODE)),
    'data-ocorrido': IsoDateTime(OCCURRENCE),
    ano: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100, description: 'Period year (recorded)' })),
    semestre: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: 'Period semester (recorded)' })),
    matricula: Type.Optional(Text('Enrolment number (recorded)', 30)),
    'inicio-reembolso': Type.Optional(IsoDateTime('Refund start (recorded)')),
    'ultimo-contrato': Type.Optional(Text('Last contract (recorded)', 100)),
    'texto-livre': Type.Optional(Text('Free text', 4000)),
    'caminho-arquivo': Type.Optional(FilePath),
  },
  { $id: 'LockFormIn', description: 'Interface 2.3: v2 enrolment lock' },
);

const situationFields = {
  brbId: Id('Journey entry (brbId)'),
  'situacao-matricula': Type.Optional(Code(SITUACAO_MATRICULA_CODE)),
  'situacao-restituicao': Type.Optional(Code(RESTITUICAO_CODE)),
  motivo: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: REASON })),
  'motivo-complementar': Type.Optional(Text('Complement to the reason', 2000)),
  'data-ocorrido': Type.Optional(BrDate(`${OCCURRENCE}; required for D, F and E`)),
  'contratos-firmados': Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100, description: 'Contracts signed so far (S)' }),
  ),
  'inicio-reembolso': Type.Optional(IsoDate('Refund start recorded with the request (S)')),
  'caminho-arquivo': Type.Optional(FilePath),
};

/** The v2 situacao-matricula/* operations: the operation fixes the kind; `tipo`, when sent, must agree. */
export const EnrolmentSituationIn = StrictObject(
  { ...situationFields, tipo: Type.Optional(Code(`${TIPO_CODE}; required only for afastamento-evasao (F or E)`)) },
  {
    $id: 'EnrolmentSituationIn',
    description:
      'Enrolment situation of one entry. Lock: data-ocorrido. Withdrawal/dropout: tipo F|E, motivo, data-ocorrido. Bond maintenance: motivo (S code), optional complement, dates and counts.',
  },
);

/** v1 `situacao-matricula/atualizar`: `tipo` picks the transition. */
export const EnrolmentSituationUpdateIn = StrictObject(
  { ...situationFields, tipo: Code(TIPO_CODE) },
  {
    $id: 'EnrolmentSituationUpdateIn',
    description:
      'Update the enrolment situation of one entry: tipo D lock, F withdrawal, E dropout, S bond maintenance',
  },
);

export const KeepLockV2In = StrictObject(
  {
    brbId: Id('Journey entry (brbId)'),
    'data-ocorrido': Type.Optional(BrDate(OCCURRENCE)),
    'caminho-arquivo': Type.Optional(FilePath),
  },
  { $id: 'KeepLockV2In', description: "Keep last semester's lock for this semester" },
);

export const ProcessKeepLockIn = StrictObject(
  { 'data-ocorrido': Type.Optional(BrDate(OCCURRENCE)), 'caminho-arquivo': Type.Optional(FilePath) },
  { $id: 'ProcessKeepLockIn', description: "Keep last semester's lock; the body may be empty ({})" },
);

export const EnrolmentNumberIn = StrictObject(
  {
    matricula: Type.String({
      pattern: '^[A-Za-z0-9][A-Za-z0-9./-]{0,29}$',
      description: 'New enrolment number: 1 to 30 letters, digits, ".", "/" or "-", starting with a letter or digit',
    }),
  },
  { $id: 'EnrolmentNumberIn' },
);

export const EnrolmentNumberOut = Type.Object(
  {
    processoId: Type.Integer(),
    brbId: Type.Integer(),
    matricula: Type.String(),
    matriculaAnterior: Type.String(),
    eventoId: Type.Integer({ description: 'The EDICAO_MATRICULA timeline event' }),
  },
  { $id: 'EnrolmentNumberOut' },
);

export const GraduationForecastIn = StrictObject(
  {
    'id-processo': Id('Renewal process'),
    'previsao-formatura': BrDate('New graduation forecast; not before the first credited month'),
    motivo: Type.Optional(Text('Why the forecast changes')),
  },
  { $id: 'GraduationForecastIn', description: 'New graduation forecast of the contract of a renewal process' },
);

export const ComplementaryDataIn = StrictObject(
  { brbId: Id('Journey entry (brbId)') },
  { $id: 'ActionComplementaryDataIn' },
);

export const v2Schemas = [
  ContractEndIn,
  ContractEndOut,
  LockFormIn,
  EnrolmentSituationIn,
  EnrolmentSituationUpdateIn,
  KeepLockV2In,
  ProcessKeepLockIn,
  EnrolmentNumberIn,
  EnrolmentNumberOut,
  GraduationForecastIn,
  ComplementaryDataIn,
];
