/**
 * Messages a person reads are Brazilian Portuguese by default and English when the request asks
 * for it (`Accept-Language: en`); see ../shared/DOMAIN.md, "Language". A message is written once,
 * in both languages, where it is raised: `t('Jornada encerrada.', 'Journey closed.')`.
 */
export type Lang = 'pt-BR' | 'en';

export interface Text {
  readonly pt: string;
  readonly en: string;
}

/** A message in both languages. */
export const t = (pt: string, en: string): Text => ({ pt, en });

/** A message: bilingual, or (legacy) one string used for both languages. */
export type Message = string | Text;

export const say = (message: Message, lang: Lang): string =>
  typeof message === 'string' ? message : lang === 'en' ? message.en : message.pt;

/** The language of an Accept-Language header: English only when English is preferred to Portuguese. */
export function langOf(acceptLanguage: string | string[] | undefined): Lang {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  let best: { lang: Lang; q: number } = { lang: 'pt-BR', q: 0 };
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const q = Number(
      params
        .find((p) => p.trim().startsWith('q='))
        ?.trim()
        .slice(2) ?? 1,
    );
    if (!Number.isFinite(q) || q <= best.q) continue;
    if (tag === 'en' || tag.startsWith('en-')) best = { lang: 'en', q };
    else if (tag === 'pt' || tag.startsWith('pt-') || tag === '*') best = { lang: 'pt-BR', q };
  }
  return best.lang;
}

/** T with every Text replaced by the string a response carries in its place. */
export type Said<T> = T extends Text
  ? string
  : T extends Date
    ? T
    : T extends readonly (infer U)[]
      ? Said<U>[]
      : T extends object
        ? { [K in keyof T]: Said<T[K]> }
        : T;

/**
 * A success body that holds Texts, typed as what is sent: the `preSerialization` hook
 * (error-handler.ts) replaces each Text by the request's language before the schema serializes
 * it. Only for bodies that leave through a route; anything else localizes with `localize`.
 */
export const answered = <T>(body: T): Said<T> => body as unknown as Said<T>;
