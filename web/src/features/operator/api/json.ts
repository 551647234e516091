/**
 * Operations that also export CSV/xlsx declare a string answer beside the JSON one; the portal
 * asks for JSON, so a string here means a proxy or a misconfiguration answered instead.
 */
export function jsonOnly<T>(data: T): Exclude<T, string> {
  if (typeof data === 'string') throw new Error('O servidor respondeu em um formato inesperado.');
  return data as Exclude<T, string>;
}
