import { type Lang, say, type Text, t } from '../../http/i18n.js';
import { labelOf } from './sheet-columns.js';

/**
 * Row errors of value batches: what is stored is the field, the stable rule code (`regra`) and the
 * values the message needs (`params`); the message is written here, once, in both languages, and
 * built when the batch is read (docs/decisions.md, "Messages in Portuguese and English"). So a
 * batch sent by a Portuguese reader reads in English for an English request, and a wording fixed
 * here reaches every batch ever stored.
 *
 * Rows stored before this catalog hold an English `mensagem` and no params: they read as that
 * text in English and as the rule's general Portuguese sentence (GENERAL) in Portuguese.
 */

/** Values a rule's message is built from (numbers, codes and texts as the sender typed them). */
export type RowErrorParams = Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

/** A row error as stored in lote_linha.erros. `mensagem` only in rows stored before the catalog. */
export interface StoredRowError {
  campo: string;
  regra: string;
  params?: RowErrorParams;
  mensagem?: string;
}

/** A row error as answered: its message in both languages (the response hook picks one). */
export interface RowErrorOut {
  campo: string;
  regra: string;
  mensagem: Text;
}

type P = Record<string, unknown>;
const s = (v: unknown) => String(v ?? '');
/** A value as the sender typed it: texts quoted, as the English messages always showed them. */
const shown = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : String(v));

const FORMAT: Record<string, (p: P) => Text> = {
  inteiro: (p) =>
    t(`deve ser um número inteiro (recebido ${shown(p.valor)})`, `must be a whole number (got ${shown(p.valor)})`),
  texto: (p) => t(`deve ter no máximo ${s(p.max)} caracteres`, `must have at most ${s(p.max)} characters`),
  valor: (p) =>
    t(
      `deve ser um valor com casas decimais, como 4500,00 (recebido ${shown(p.valor)})`,
      `must be a decimal amount such as 4500.00 (got ${shown(p.valor)})`,
    ),
  ambiguo: (p) => {
    const plain = s(p.valor).replace(/\./g, '');
    return t(
      `é ambíguo (recebido "${s(p.valor)}"): escreva ${plain},00 para ${plain} reais, ou use vírgula para os centavos`,
      `is ambiguous (got "${s(p.valor)}"): write ${plain}.00 for ${plain} reais, or a comma before the cents as in ${plain},00`,
    );
  },
  casas: (p) =>
    t(
      `deve ter no máximo ${s(p.max)} casas decimais (recebido ${s(p.valor)})`,
      `must have at most ${s(p.max)} decimals (got ${s(p.valor)})`,
    ),
  simnao: (p) => t(`deve ser S ou N (recebido ${shown(p.valor)})`, `must be S or N (got ${shown(p.valor)})`),
  percentual: (p) =>
    t(
      `deve ser um número como 50 ou 33,33 (recebido ${shown(p.valor)})`,
      `must be a number such as 50 or 33.33 (got ${shown(p.valor)})`,
    ),
};

function range(p: P): Text {
  if (p.tipo === 'valor')
    return t(`deve ser maior que 0 (recebido ${s(p.valor)})`, `must be greater than 0 (got ${s(p.valor)})`);
  if (p.tipo === 'percentual')
    return t(
      `deve ser maior que 0 e no máximo 100 (recebido ${s(p.valor)})`,
      `must be greater than 0 and at most 100 (got ${s(p.valor)})`,
    );
  const base = t(
    `deve estar entre ${s(p.min)} e ${s(p.max)} (recebido ${s(p.valor)})`,
    `must be between ${s(p.min)} and ${s(p.max)} (got ${s(p.valor)})`,
  );
  if (p.anual === true) return t(`${base.pt} para um contrato anual`, `${base.en} for an annual contract`);
  if (p.anual === false)
    return t(
      `${base.pt} para um semestre (até 12 quando "Contrato anual" é S)`,
      `${base.en} for a semester (up to 12 when contratoAnual is S)`,
    );
  return base;
}

function months(p: P): Text {
  switch (p.tipo) {
    case 'formato':
      return t(
        `deve listar os meses como MM ou MM/AAAA separados por vírgulas (recebido ${JSON.stringify(s(p.valor))})`,
        `must list months as MM or MM/YYYY separated by commas (got ${JSON.stringify(s(p.valor))})`,
      );
    case 'repetido':
      return t('lista o mesmo mês duas vezes', 'lists the same month twice');
    case 'quantidade':
      return t(
        `lista ${s(p.meses)} meses, mas "Parcelas cobertas" é ${s(p.qtd)}`,
        `lists ${s(p.meses)} months but qtdParcelasCobertura is ${s(p.qtd)}`,
      );
    case 'fora':
      return p.anual
        ? t(
            `lista ${s(p.meses)}, fora do ano da jornada (${s(p.periodo)})`,
            `lists ${s(p.meses)}, outside the journey's year (${s(p.periodo)})`,
          )
        : t(
            `lista ${s(p.meses)}, fora do semestre da jornada (${s(p.periodo)})`,
            `lists ${s(p.meses)}, outside the journey's semester (${s(p.periodo)})`,
          );
    default:
      return t(
        `lista ${s(p.meses)}, já creditado(s) a este contrato em um lote anterior`,
        `lists ${s(p.meses)}, already credited to this contract in an earlier batch`,
      );
  }
}

/** The states a batch's rows may start from, as the SITUACAO message names them. */
function accepted(p: P): Text {
  if (p.porta === 'alterar-status')
    return t('esta operação aceita entradas em SEM_RENOVACAO', 'this operation takes entries in SEM_RENOVACAO');
  const list = Array.isArray(p.aceitas) ? p.aceitas.map(String) : [];
  const pt = `valores são aceitos a partir de ${list.join(' ou ')}`;
  const en = `values are accepted from ${list.join(' or ')}`;
  return p.reenvio
    ? t(pt, en)
    : t(
        `${pt} (envie com reenvio=true para substituir valores já em processamento)`,
        `${en} (send with reenvio=true to replace values already in processing)`,
      );
}

/** Every rule: code → message from its params. */
const CATALOG: Record<string, (p: P) => Text> = {
  OBRIGATORIO: () => t('é obrigatório', 'is required'),
  FORMATO: (p) => (FORMAT[s(p.tipo)] ?? FORMAT.inteiro!)(p),
  FAIXA: range,
  VALOR_CONTRATO: (p) =>
    t(
      `deve ser "Valor do contrato de prestação de serviços" × "Percentual concedido" / 100 = ${s(p.esperado)}, com no máximo um centavo de diferença (recebido ${s(p.valor)})`,
      `must be valorCtrPrestServico × percentualConcedido / 100 = ${s(p.esperado)} within one cent (got ${s(p.valor)})`,
    ),
  PARC_MESES: months,
  NAO_ENCONTRADO: () =>
    t(
      'não foi encontrado entre as entradas de jornada das suas instituições',
      'was not found among the journey entries of your institutions',
    ),
  JORNADA_ENCERRADA: () =>
    t(
      'pertence a uma jornada encerrada; valores são aceitos apenas na jornada aberta',
      'belongs to a closed journey (jornada encerrada); values are accepted only in the open journey',
    ),
  DUPLICADO: (p) =>
    t(
      `repete a linha ${s(p.linha)} deste lote; envie cada estudante uma vez`,
      `repeats row ${s(p.linha)} of this batch; send each student once`,
    ),
  SITUACAO: (p) => {
    const state = `${s(p.situacao)}${p.motivo ? `/${s(p.motivo)}` : ''}`;
    const ok = accepted(p);
    return t(
      `está em ${state}, que não aceita valores; ${ok.pt}`,
      `is ${state}, which does not accept values; ${ok.en}`,
    );
  },
  EM_ANDAMENTO: () =>
    t(
      'já tem valores em processamento na fundação; envie com reenvio=true para substituí-los',
      'already has values being processed by the foundation; send with reenvio=true to replace them',
    ),
  CURSO: (p) =>
    t(
      `é ${s(p.informado)}, mas o curso do estudante é ${s(p.curso)}`,
      `is ${s(p.informado)} but the student's course is ${s(p.curso)}`,
    ),
  CONCORRENCIA: (p) =>
    t(
      `foi alterado por outra operação enquanto este lote era aplicado (tinha sido lido como ${s(p.situacao)}); confira o estudante e envie esta linha de novo`,
      `was changed by another operation while this batch was being applied (it had been read as ${s(p.situacao)}); check the student and send this row again`,
    ),
};

/** Rules whose message needs no params: a row stored before the catalog reads like a new one. */
const PLAIN = new Set(['OBRIGATORIO', 'NAO_ENCONTRADO', 'JORNADA_ENCERRADA', 'EM_ANDAMENTO']);

/** The Portuguese of a rule stored before the catalog (its English text has the details). */
const GENERAL: Record<string, string> = {
  FORMATO: 'não está no formato esperado',
  FAIXA: 'está fora da faixa aceita',
  VALOR_CONTRATO: 'não confere com "Valor do contrato de prestação de serviços" × "Percentual concedido" / 100',
  PARC_MESES: 'tem meses que não valem para este contrato',
  DUPLICADO: 'repete outra linha deste lote; envie cada estudante uma vez',
  SITUACAO: 'está em uma situação que não aceita valores',
  CURSO: 'não é o curso do estudante',
  CONCORRENCIA:
    'foi alterado por outra operação enquanto este lote era aplicado; confira o estudante e envie esta linha de novo',
};

/** The message of one stored row error, in both languages. */
export function rowErrorText(e: StoredRowError): Text {
  const build = CATALOG[e.regra];
  if (build && (e.params !== undefined || e.mensagem === undefined || PLAIN.has(e.regra))) {
    return build((e.params ?? {}) as P);
  }
  const en = e.mensagem ?? e.regra;
  return t(GENERAL[e.regra] ?? en, en);
}

/** Stored row errors → answered ones (the hook localizes `mensagem`). */
export const rowErrorsOut = (erros: readonly StoredRowError[] | null | undefined): RowErrorOut[] =>
  (erros ?? []).map((e) => ({ campo: e.campo, regra: e.regra, mensagem: rowErrorText(e) }));

/**
 * The column a row error is about, as the reader names it: the sheet's Portuguese label in
 * Portuguese (never a camelCase field), the field name in English (the API's spelling).
 */
const columnName = (campo: string, lang: Lang) => (lang === 'en' ? campo : labelOf(campo));

/** Row errors in one language, for files and terminals ("Coluna: mensagem | …"). */
export const rowErrorsLine = (erros: readonly StoredRowError[] | null | undefined, lang: Lang): string =>
  (erros ?? []).map((e) => `${columnName(e.campo, lang)}: ${say(rowErrorText(e), lang)}`).join(' | ');

/**
 * "Linha 3 (brbId 120): Percentual concedido (%) deve ser …; Valor financiado …" in Portuguese (labels,
 * no rule codes: the codes are in `erros[].regra`); field names and codes in English.
 */
export function describeRowErrors(linha: number, brbId: number | null, erros: readonly StoredRowError[]): Text {
  const texts = erros.map((e) => ({ e, m: rowErrorText(e) }));
  const line = (where: string, lang: 'pt' | 'en') =>
    `${where}: ${texts.map(({ e, m }) => (lang === 'pt' ? `${labelOf(e.campo)} ${m.pt}` : `${e.campo} ${m.en} [${e.regra}]`)).join('; ')}`;
  return t(
    line(brbId === null ? `Linha ${linha}` : `Linha ${linha} (brbId ${brbId})`, 'pt'),
    line(brbId === null ? `Row ${linha}` : `Row ${linha} (brbId ${brbId})`, 'en'),
  );
}
