import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Text } from '../../http/i18n.js';
import { t } from '../../http/i18n.js';

/**
 * Where a webhook may point (SSRF). In production: https only, and every address the host
 * resolves to must be public, checked at registration and again on every connection (the
 * lookup below), so a name that later resolves to an internal address is refused at send time.
 * Outside production, http is allowed for loopback hosts (a receiver on the developer's machine
 * or in a test).
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** The reason a URL is refused, or null when it may be registered. */
export async function urlProblem(raw: string, production: boolean): Promise<Text | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return t('URL inválida: use o endereço completo, como https://exemplo.com.br/webhooks.', 'Invalid URL.');
  }
  if (url.username || url.password) {
    return t('A URL não pode conter usuário ou senha.', 'The URL may not carry a user name or password.');
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname) || url.hostname.startsWith('127.');
  if (url.protocol === 'http:' && !(loopback && !production)) {
    return t(
      'A URL deve usar https (http só é aceito para localhost fora de produção).',
      'The URL must use https (http only for localhost outside production).',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return t('A URL deve usar https.', 'The URL must use https.');
  }
  if (!production) return null;
  const addresses = await resolveAll(bare(url.hostname)).catch(() => null);
  if (!addresses || addresses.length === 0) {
    return t(`O endereço ${url.hostname} não foi encontrado (DNS).`, `Host ${url.hostname} does not resolve.`);
  }
  if (!addresses.every(isPublicAddress)) {
    return t(
      'A URL aponta para um endereço privado, local ou reservado; use um endereço público.',
      'The URL points to a private, local or reserved address; use a public one.',
    );
  }
  return null;
}

function resolveAll(hostname: string): Promise<string[]> {
  if (isIP(hostname)) return Promise.resolve([hostname]);
  return new Promise((resolve, reject) =>
    lookup(hostname, { all: true }, (error, list) => (error ? reject(error) : resolve(list.map((a) => a.address)))),
  );
}

/** A DNS lookup for outgoing webhook connections that fails when any address is not public. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, list) => {
    if (error) return callback(error, '', 0);
    const blocked = list.find((a) => !isPublicAddress(a.address));
    if (blocked) {
      const refused = Object.assign(new Error(`refused: ${hostname} resolves to ${blocked.address}`), {
        code: 'ERR_WEBHOOK_PRIVATE_ADDRESS',
      });
      return callback(refused, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, l: typeof list) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/** Production connection check for an IP-literal host (the lookup is not called for those). */
export const literalAllowed = (hostname: string) => !isIP(bare(hostname)) || isPublicAddress(bare(hostname));
