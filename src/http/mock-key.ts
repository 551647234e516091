import type { Config } from '../config.js';
import { ConfigError } from '../config.js';

/**
 * The mock environment's fixed HS256 key (`renova serve --mock`, `renova token --mock`). It is
 * public (README), so anyone can mint tokens for the mock; for the same reason it is never
 * accepted with NODE_ENV=production.
 */
export const MOCK_JWT_SECRET = 'renova-mock-chave-de-desenvolvimento-publica';

/** Refuses a production configuration that verifies tokens with the public mock key. */
export function refuseMockKeyInProduction(config: Config): void {
  if (config.env === 'production' && config.jwt.secret === MOCK_JWT_SECRET)
    throw new ConfigError(
      'JWT_SECRET is the public mock development key (README); NODE_ENV=production needs a secret of its own.',
    );
}
