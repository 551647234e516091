import { ConfigError, loadConfig } from '../../config.js';
import { createAuth, type Role } from '../../http/auth.js';
import { t } from '../../http/i18n.js';
import { MOCK_JWT_SECRET, refuseMockKeyInProduction } from '../../http/mock-key.js';
import { CliError } from '../fail.js';
import { tr } from '../lang.js';

export interface TokenCommandOptions {
  ie?: number[];
  role: Role;
  sub?: string;
  name?: string;
  grupoIe?: number;
  ttl: string;
  /** Sign with the mock environment's fixed development key (`renova serve --mock`). */
  mock?: boolean;
}

export async function tokenCommand(options: TokenCommandOptions): Promise<void> {
  if (options.role !== 'OPERADOR' && !options.ie?.length)
    throw new CliError(
      t('um token IE ou API precisa de pelo menos um --ie', 'an IE or API token needs at least one --ie'),
    );
  if (!/^\d+[smhdw]$/.test(options.ttl))
    throw new CliError(
      t('--ttl leva um número e uma unidade: s, m, h, d ou w', '--ttl takes a number and a unit: s, m, h, d or w'),
    );
  const config = loadConfig(
    process.env,
    options.mock
      ? { DATA_DIR: 'memory://', JWT_SECRET: MOCK_JWT_SECRET, JWT_PUBLIC_KEY: undefined, JWKS_URL: undefined }
      : {},
  );
  refuseMockKeyInProduction(config);
  const auth = await createAuth(config.jwt, config.dataDir);
  if (!auth.sign)
    throw new ConfigError(
      tr(
        t(
          'esta configuração só verifica tokens (chave pública ou JWKS); defina JWT_PRIVATE_KEY para assinar.',
          'This configuration only verifies tokens (public key or JWKS); set JWT_PRIVATE_KEY to sign.',
        ),
      ),
    );
  const sub = options.sub ?? (options.role === 'OPERADOR' ? 'operador' : `usuario-ie-${options.ie?.[0]}`);
  const token = await auth.sign({
    sub,
    name: options.name,
    role: options.role,
    ies: options.ie,
    grupoIe: options.grupoIe,
    ttl: options.ttl,
  });
  process.stdout.write(`${token}\n`);
}
