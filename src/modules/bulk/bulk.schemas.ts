import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Id, StrictObject } from '../../http/schemas.js';
import { EntryFilters, JourneySelection, Sorting, TabSchema } from '../dashboard/dashboard.schemas.js';
import { actionFields, BULK_ACTIONS, type BulkActionDef, BulkActionName } from './bulk.actions.js';

/** Most entries one bulk action may touch (DOMAIN.md, "Bulk work"). */
export const BULK_MAX = 5_000;

const SELECTION =
  'Exactly one of `brbIds` (entries chosen on a page) and `filtros` (every entry the dashboard lists with those ' +
  `filters, at most ${BULK_MAX.toLocaleString('en')}; more answers 422 asking to narrow them).`;

/** The dashboard list's filters (GET /s/v2/renovacao/{tab} and /s/v2/jornadas/contratos), without paging. */
export const BulkFilters = StrictObject(
  {
    ...JourneySelection,
    aba: Type.Optional(TabSchema('Only entries of this tab. Default: every tab')),
    ...EntryFilters,
    ...Sorting,
  },
  {
    $id: 'BulkFilters',
    description:
      "The dashboard's filters, read exactly as the lists read them (another IE's journey, course or campus answers 404). Entries are taken in the list's order.",
  },
);

const selection = {
  brbIds: Type.Optional(
    Type.Array(Id('Journey entry (brbId)'), {
      minItems: 1,
      maxItems: BULK_MAX,
      uniqueItems: true,
      description: `The entries to act on, each once (1 to ${BULK_MAX}). An id that is not one of the caller's entries (another IE's included) is reported as refused with 404 for that entry and nothing else happens to it.`,
    }),
  ),
  filtros: Type.Optional(Type.Ref(BulkFilters)),
};

/** The bulk body of an action: its single-entry fields, applied to every entry, plus the selection. */
export const bulkBody = (def: BulkActionDef) =>
  StrictObject(
    { ...actionFields(def), ...selection },
    {
      description: `The fields of POST /s/v3/mais-acoes/${def.path} without brbId, applied to every entry. ${SELECTION}`,
    },
  );

export const RESULTADOS = ['PENDENTE', 'FEITO', 'RECUSADO'] as const;
export const ESTADOS = ['EM_ANDAMENTO', 'CONCLUIDA', 'INTERROMPIDA'] as const;
const Enum = (values: readonly string[], description: string) =>
  Type.Unsafe<string>({ type: 'string', enum: [...values], description });

export const BulkItemSchema = Type.Object(
  {
    brbId: Type.Integer({ description: 'The entry as sent (or as the filters selected it)' }),
    estudante: Type.Union([Type.String(), Type.Null()], {
      description: "Student name; null for an id that is not one of the caller's entries",
    }),
    cpf: Type.Union([Type.String(), Type.Null()], { description: 'Student CPF (digits); null as estudante' }),
    resultado: Enum(RESULTADOS, 'PENDENTE not yet processed; FEITO applied; RECUSADO refused (see mensagem)'),
    status: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The HTTP status the single-entry route would have answered (200 done; 404, 409, 422 refused)',
    }),
    mensagem: Type.Union([Type.String(), Type.Null()], {
      description:
        "Why it was refused: the single-entry route's problem detail, in the language of this request (Accept-Language)",
    }),
    situacao: Type.Union([Type.String(), Type.Null()], {
      description: 'The entry situation after the action, if done',
    }),
  },
  { $id: 'BulkActionItem' },
);

export const BulkActionSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Bulk action id (GET /s/v3/mais-acoes/em-lote/{bulkActionId})' }),
    acao: BulkActionName,
    dados: Type.Record(Type.String(), Type.Unknown(), {
      description:
        "The action's fields as sent (without the selection): send them again with the refused brbIds to retry",
    }),
    estado: Enum(
      ESTADOS,
      'EM_ANDAMENTO while entries are processed; CONCLUIDA when every entry has a result; INTERROMPIDA when the service stopped before the end (the PENDENTE entries were not touched: send them again)',
    ),
    correlacaoId: Type.String({
      description: 'The request id every audit row of this bulk action carries (GET /s/auditoria, requestId)',
    }),
    criadaEm: Type.String({ format: 'date-time' }),
    concluidaEm: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    total: Type.Integer({ description: 'Entries selected' }),
    processados: Type.Integer({ description: 'Entries with a result (feitos + recusados)' }),
    feitos: Type.Integer(),
    recusados: Type.Integer(),
    itens: Type.Array(Type.Ref(BulkItemSchema), {
      description: 'The entries of the page asked for (pagina, tamanho, resultado), in selection order',
    }),
    pagina: Type.Integer(),
    tamanho: Type.Integer(),
    totalItens: Type.Integer({ description: 'Items matching `resultado` over all pages' }),
  },
  {
    $id: 'BulkAction',
    description:
      "A bulk action and its per-entry results. Each entry was (or will be) processed in its own transaction by the single-entry route's service, with its rules, messages, timeline event and audit row; one refusal never stops the others.",
  },
);

export const BulkParams = StrictObject({ bulkActionId: Id('Bulk action id') });

export const BulkQuery = StrictObject({
  resultado: Type.Optional(Enum(RESULTADOS, 'Only items with this result (e.g. RECUSADO to retry them)')),
  pagina: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page, from 1' })),
  tamanho: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: BULK_MAX,
      default: 100,
      description: `Items per page, 0 to ${BULK_MAX} (0: counts only, for polling progress)`,
    }),
  ),
});

export type BulkQuery = Static<typeof BulkQuery>;
export type BulkFilters = Static<typeof BulkFilters>;

export const bulkSchemas: TSchema[] = [BulkFilters, BulkItemSchema, BulkActionSchema];
export { BULK_ACTIONS };
