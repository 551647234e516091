import { type Text, t } from '../http/i18n.js';
import { tr } from './lang.js';

/** A failure the CLI explains in one line (no stack trace), with the exit code to end with. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    readonly text: Text,
    readonly exitCode = 1,
  ) {
    super(text.en);
  }
}

/** Errors whose message is meant for a person; anything else is a bug and keeps its stack. */
const EXPLAINED = new Set([
  'CliError',
  'ConfigError',
  'MigrationError',
  'AppError',
  'InvalidArgumentError',
  'DataDirInUse',
  'DatabaseUnreachable',
]);

/** Multi-line messages (a configuration's list of bad variables) as one line. */
const oneLine = (text: string) => text.trim().replace(/\s*\n\s*/g, '; ');

/** Prints an error the way a person should read it and answers the exit code. */
export function reportError(error: unknown): number {
  const e = error as { name?: string; message?: string; text?: Text; exitCode?: number; stack?: string };
  if (e?.name === 'ListenError') {
    const { code, host, port } = error as unknown as { code: string; host: string; port: number };
    const line =
      code === 'EACCES'
        ? t(
            `sem permissão para ouvir na porta ${port} (${host}); use uma porta acima de 1023, p.ex. PORT=3000`,
            `not allowed to listen on port ${port} (${host}); use a port above 1023, e.g. PORT=3000`,
          )
        : t(
            `a porta ${port} (${host}) já está em uso; pare o processo que a usa ou escolha outra: PORT=${port + 1} renova serve`,
            `port ${port} (${host}) is already in use; stop the process using it or pick another: PORT=${port + 1} renova serve`,
          );
    process.stderr.write(`renova: ${tr(line)}\n`);
    return 1;
  }
  if (error instanceof Error && EXPLAINED.has(e.name ?? '')) {
    process.stderr.write(`renova: ${oneLine(e.text ? tr(e.text) : (e.message ?? ''))}\n`);
    return e.exitCode ?? 1;
  }
  // Anything else is a bug, but a person still reads one line (RENOVA_DEBUG=1 shows the stack).
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  process.stderr.write(
    `renova: ${tr(t('erro inesperado', 'unexpected error'))}: ${oneLine(message)}${
      process.env.RENOVA_DEBUG === '1' && error instanceof Error ? `\n${error.stack}` : ''
    }\n`,
  );
  return 1;
}
