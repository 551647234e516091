/** A bench script's `--name <n>` option: a positive whole number, or undefined when not given. */
export function argument(name: string): number | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return undefined;
  const value = Number(process.argv[index + 1]);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} takes a positive whole number`);
  return value;
}
