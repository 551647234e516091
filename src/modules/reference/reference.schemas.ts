import { Type } from '@sinclair/typebox';
import { Id } from '../../http/schemas.js';

export const CodeItemSchema = Type.Object(
  { codigo: Type.String(), descricao: Type.String() },
  { $id: 'CodeItem', description: 'An entry of a reference list' },
);

export const ReasonItemSchema = Type.Object(
  {
    codigo: Type.String({ description: 'Numeric code for withdrawal (tipo F); a word for bond maintenance (tipo S)' }),
    descricao: Type.String(),
    tipo: Type.String({ description: 'Enrolment-situation type the reason belongs to (F or S)' }),
  },
  { $id: 'ReasonItem' },
);

/** Interface 2.5. */
export const AllowedSituationSchema = Type.Object(
  {
    statusTypeIds: Type.Array(Type.String(), {
      description: 'Journey-entry situations (situação) from which this action may be taken',
    }),
    description: Type.String(),
    id: Type.String({ description: 'Action type id' }),
  },
  { $id: 'AllowedSituation' },
);

export const CampusSchema = Type.Object(
  { id: Type.Integer(), ieId: Type.Integer(), nome: Type.String(), cidade: Type.String(), uf: Type.String() },
  { $id: 'Campus' },
);

export const CourseSchema = Type.Object(
  {
    id: Type.Integer(),
    ieId: Type.Integer(),
    campusId: Type.Integer(),
    turnoId: Type.Integer(),
    nome: Type.String(),
    grau: Type.String({ description: 'Bacharelado, Licenciatura or Tecnólogo' }),
    duracaoSemestres: Type.Integer(),
  },
  { $id: 'Course' },
);

export const ShiftSchema = Type.Object(
  { id: Type.Integer(), codigo: Type.String(), nome: Type.String() },
  { $id: 'Shift' },
);

export const AuxiliaryQuery = Type.Object(
  { ieId: Type.Optional(Id("Only this IE (one of the caller's); default: all the caller's IEs")) },
  { additionalProperties: false },
);

export const SituationsQuery = Type.Object(
  {
    exclusaoCancelamento: Type.Optional(
      Type.Boolean({
        description:
          'true: only the contract deletion and cancellation types; false: only the other types; absent: all',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ReasonsQuery = Type.Object(
  {
    tipo: Type.Optional(
      Type.String({ description: 'Only reasons of this enrolment-situation type (F or S)', pattern: '^[A-Z]$' }),
    ),
  },
  { additionalProperties: false },
);

export const referenceSchemas = [
  CodeItemSchema,
  ReasonItemSchema,
  AllowedSituationSchema,
  CampusSchema,
  CourseSchema,
  ShiftSchema,
];
