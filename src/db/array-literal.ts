/**
 * PostgreSQL array literals built as text, for set-based writes that send each column as one array
 * parameter (`unnest($1::int8[])`). Much cheaper than the driver's generic array serialization for
 * tens of thousands of values, and the same on PostgreSQL and PGlite.
 */
export type LiteralKind = 'number' | 'bool' | 'text';

function quote(value: string): string {
  if (value.includes('"') || value.includes('\\')) return `"${value.replace(/["\\]/g, '\\$&')}"`;
  return `"${value}"`;
}

/** The text of an array literal holding `values` (null and undefined as NULL). */
export function arrayLiteral(kind: LiteralKind, values: readonly unknown[]): string {
  if (values.length === 0) return '{}';
  const hasNull = values.includes(null) || values.includes(undefined);
  if (kind === 'number') return `{${(hasNull ? values.map((v) => v ?? 'NULL') : values).join(',')}}`;
  if (kind === 'bool')
    return `{${values.map((v) => (v === null || v === undefined ? 'NULL' : v ? 't' : 'f')).join(',')}}`;
  // Text-like: one join when nothing needs escaping, which is most columns.
  let plain = !hasNull;
  for (let i = 0; plain && i < values.length; i++) {
    const v = values[i] as string;
    if (v.includes('"') || v.includes('\\')) plain = false;
  }
  if (plain) return `{"${values.join('","')}"}`;
  return `{${values.map((v) => (v === null || v === undefined ? 'NULL' : quote(v as string))).join(',')}}`;
}
