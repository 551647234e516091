import { type Lang, type Message, say } from '../http/i18n.js';

/**
 * The CLI's language: Brazilian Portuguese, English when the locale asks for it (LC_ALL, then
 * LC_MESSAGES, then LANG starting with `en`), the POSIX order of precedence.
 */
export function cliLang(env: NodeJS.ProcessEnv = process.env): Lang {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^en([_.@-]|$)/i.test(locale) ? 'en' : 'pt-BR';
}

const lang = cliLang();

/** A message in the CLI's language. */
export const tr = (message: Message): string => say(message, lang);
