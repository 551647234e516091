import { type Text, t } from './i18n.js';

/**
 * Field messages for schema (Ajv) errors, in both languages. A person reads them, so a pattern is
 * named by the format one types, never by its regular expression (../shared/DOMAIN.md,
 * "Language"). A new `pattern` in a schema gets its description here; the language test checks
 * that every pattern in the OpenAPI document has one.
 */
const BR_DATE = t('use dd-mm-aaaa, por exemplo 20-11-2026', 'use dd-mm-yyyy, for example 20-11-2026');
const ISO_DATE = t('use aaaa-mm-dd, por exemplo 2026-11-20', 'use yyyy-mm-dd, for example 2026-11-20');
const MONTH = t('use aaaa-mm, por exemplo 2026-03', 'use yyyy-mm, for example 2026-03');

export const PATTERNS: Record<string, Text> = {
  '^\\d{2}-\\d{2}-\\d{4}$': BR_DATE,
  '^\\d{4}-\\d{2}-\\d{2}$': ISO_DATE,
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}$': ISO_DATE,
  '^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$': t(
    'use aaaa-mm-dd, com hora opcional, por exemplo 2026-11-20 ou 2026-11-20T14:30:00-03:00',
    'use yyyy-mm-dd, with an optional time, for example 2026-11-20 or 2026-11-20T14:30:00-03:00',
  ),
  '^(19|20)\\d{2}-(0[1-9]|1[0-2])$': MONTH,
  '^\\d{4}-(0[1-9]|1[0-2])(-\\d{2})?$': t(
    'use aaaa-mm ou aaaa-mm-dd, por exemplo 2026-03 ou 2026-03-10',
    'use yyyy-mm or yyyy-mm-dd, for example 2026-03 or 2026-03-10',
  ),
  '^\\d+(\\.\\d{1,2})?$': t(
    'use um valor com ponto e até 2 casas decimais, por exemplo 1234.56',
    'use an amount with a dot and at most 2 decimals, for example 1234.56',
  ),
  '^[0-9]+\\.[0-9]{6}$': t(
    'use um número com ponto e exatamente 6 casas decimais, por exemplo 0.012500',
    'use a number with a dot and exactly 6 decimals, for example 0.012500',
  ),
  '^0?\\.\\d{1,8}$|^[01]$': t(
    'use uma fração entre 0 e 1 com ponto e até 8 casas decimais, por exemplo 0.0125',
    'use a fraction between 0 and 1 with a dot and at most 8 decimals, for example 0.0125',
  ),
  '^[A-Za-z0-9][A-Za-z0-9./-]{0,29}$': t(
    'use até 30 letras, dígitos, pontos, barras ou hífens, começando por letra ou dígito, por exemplo 2024/0001-3',
    'use up to 30 letters, digits, dots, slashes or hyphens, starting with a letter or digit, for example 2024/0001-3',
  ),
  '^[A-Z]$': t('use uma letra maiúscula, por exemplo F', 'use one capital letter, for example F'),
  '^[A-Z][A-Z0-9_]{0,49}$': t(
    'use um código em maiúsculas (letras, dígitos e _), com até 50 caracteres, por exemplo SEGUNDA_VIA',
    'use an upper-case code (letters, digits and _) of up to 50 characters, for example SEGUNDA_VIA',
  ),
  '^[A-Z_]{1,40}$': t(
    'use um código em maiúsculas (letras e _), com até 40 caracteres, por exemplo RENOVACAO',
    'use an upper-case code (letters and _) of up to 40 characters, for example RENOVACAO',
  ),
  '^[A-Za-z0-9]+(,[A-Za-z0-9]+)*$': t(
    'use um ou mais nomes de operação separados por vírgula, sem espaços, por exemplo inativarEstudante,trancamento',
    'use one or more operation names separated by commas, no spaces, for example inativarEstudante,trancamento',
  ),
  '^[\\x21-\\x7E]+$': t(
    'use apenas caracteres ASCII visíveis, sem espaços',
    'use visible ASCII characters only, no spaces',
  ),
};

const FORMATS: Record<string, Text> = {
  date: ISO_DATE,
  'date-time': t(
    'use data e hora ISO 8601, por exemplo 2026-11-20T14:30:00-03:00',
    'use an ISO 8601 date and time, for example 2026-11-20T14:30:00-03:00',
  ),
  time: t('use hh:mm:ss, por exemplo 14:30:00', 'use hh:mm:ss, for example 14:30:00'),
  email: t('use um e-mail, por exemplo nome@ie.edu.br', 'use an e-mail address, for example name@ie.edu.br'),
  uri: t(
    'use um endereço completo, por exemplo https://ie.edu.br',
    'use a full address, for example https://ie.edu.br',
  ),
  uuid: t(
    'use um UUID, por exemplo 3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c',
    'use a UUID, for example 3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c',
  ),
};

const TYPES: Record<string, Text> = {
  integer: t('um número inteiro', 'a whole number'),
  number: t('um número', 'a number'),
  string: t('um texto', 'a text'),
  boolean: t('true ou false', 'true or false'),
  object: t('um objeto', 'an object'),
  array: t('uma lista', 'a list'),
  null: t('null', 'null'),
};

const plural = (n: number, one: Text, many: Text): Text => (n === 1 ? one : many);
const both = (f: (lang: 'pt' | 'en') => string): Text => t(f('pt'), f('en'));
const list = (values: unknown[]) => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');

export interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  schema?: unknown;
}

/** The message for one Ajv error (the pointer is built by the caller). */
export function ajvMessage(e: AjvError): Text {
  const p = e.params;
  const n = Number(p.limit);
  switch (e.keyword) {
    case 'required':
      return t('é obrigatório', 'is required');
    case 'additionalProperties':
      return t('não é um campo conhecido', 'is not a known field');
    case 'type': {
      const types = String(p.type).split(',');
      return both((l) => {
        const names = types.map((name) => TYPES[name]?.[l] ?? name);
        return l === 'pt' ? `deve ser ${names.join(' ou ')}` : `must be ${names.join(' or ')}`;
      });
    }
    case 'enum':
      return t(
        `deve ser um destes: ${list(p.allowedValues as unknown[])}`,
        `must be one of: ${list(p.allowedValues as unknown[])}`,
      );
    case 'const':
      return t(`deve ser ${list([p.allowedValue])}`, `must be ${list([p.allowedValue])}`);
    case 'pattern':
      return PATTERNS[String(p.pattern)] ?? t('não está no formato esperado', 'is not in the expected format');
    case 'format':
      return FORMATS[String(p.format)] ?? t('não está no formato esperado', 'is not in the expected format');
    case 'minimum':
      return t(`deve ser no mínimo ${n}`, `must be at least ${n}`);
    case 'maximum':
      return t(`deve ser no máximo ${n}`, `must be at most ${n}`);
    case 'exclusiveMinimum':
      return t(`deve ser maior que ${n}`, `must be greater than ${n}`);
    case 'exclusiveMaximum':
      return t(`deve ser menor que ${n}`, `must be less than ${n}`);
    case 'multipleOf':
      return t(`deve ser múltiplo de ${String(p.multipleOf)}`, `must be a multiple of ${String(p.multipleOf)}`);
    case 'minLength':
      return n === 1
        ? t('não pode ser vazio', 'must not be empty')
        : t(`deve ter pelo menos ${n} caracteres`, `must have at least ${n} characters`);
    case 'maxLength':
      return plural(
        n,
        t('deve ter no máximo 1 caractere', 'must have at most 1 character'),
        t(`deve ter no máximo ${n} caracteres`, `must have at most ${n} characters`),
      );
    case 'minItems':
      return plural(
        n,
        t('deve ter pelo menos 1 item', 'must have at least 1 item'),
        t(`deve ter pelo menos ${n} itens`, `must have at least ${n} items`),
      );
    case 'maxItems':
      return plural(
        n,
        t('deve ter no máximo 1 item', 'must have at most 1 item'),
        t(`deve ter no máximo ${n} itens`, `must have at most ${n} items`),
      );
    case 'uniqueItems':
      return t('não pode ter itens repetidos', 'must not repeat items');
    case 'minProperties':
      return t(`deve ter pelo menos ${n} campo(s)`, `must have at least ${n} field(s)`);
    case 'maxProperties':
      return t(`deve ter no máximo ${n} campo(s)`, `must have at most ${n} field(s)`);
    case 'anyOf':
    case 'oneOf':
      return t('não corresponde a nenhuma das formas aceitas', 'does not match any accepted form');
    default:
      return t('não é válido', 'is not valid');
  }
}

/** Why a text in a body is not accepted (http/text-guard.ts). */
export function textProblemMessage(problem: 'replacement' | 'lone-surrogate' | 'control'): Text {
  switch (problem) {
    case 'replacement':
      return t(
        'tem o caractere de substituição "\uFFFD": letras já se perderam numa conversão de codificação antes de chegar aqui',
        'holds the replacement character "\uFFFD": letters were lost in an encoding conversion before it got here',
      );
    case 'lone-surrogate':
      return t(
        'tem meio caractere (um substituto UTF-16 sozinho), que não é texto válido',
        'holds half a character (a lone UTF-16 surrogate), which is not valid text',
      );
    case 'control':
      return t(
        'tem um caractere de controle (num nome, também tabulação ou quebra de linha), que não é aceito',
        'holds a control character (in a name, tab or line break too), which is not accepted',
      );
  }
}
