import type pg from 'pg';

/**
 * A pool config with `extra` added to its sessions' options (`-c name=value ...`). pg lets a URL's
 * own `options` win over the config's, so they are taken out of the URL and joined with the
 * config's and `extra`: none is lost. A connection string that is not a URL is left as it is.
 */
export function withSessionOptions(config: pg.PoolConfig, extra: string): pg.PoolConfig {
  const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');
  const { connectionString } = config;
  if (connectionString === undefined || !URL.canParse(connectionString)) {
    return { ...config, options: joined(config.options, extra) };
  }
  const url = new URL(connectionString);
  const given = url.searchParams.get('options');
  url.searchParams.delete('options');
  return { ...config, connectionString: url.toString(), options: joined(given, config.options, extra) };
}
