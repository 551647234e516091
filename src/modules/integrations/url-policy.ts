import { lookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Text } from '../../http/i18n.js';
import { t } from '../../http/i18n.js';

/**
 * Where a webhook may connect (SSRF), as an allow list: only global unicast addresses, decided by
 * ipaddr.js (a maintained table of the IANA special-purpose ranges) rather than a list of ranges
 * to block, so a form nobody listed (IPv4-compatible ::a.b.c.d, 6to4, Teredo, NAT64 embedding a
 * private IPv4, site-local, documentation, benchmarking...) is refused by default. IPv6 must also
 * be in 2000::/3, the only block IANA hands out as global unicast. Checked at registration and on
 * every connection, for every address a name resolves to (the lookup below), so a name that later
 * resolves to an internal address (DNS rebinding) is refused at send time.
 *
 * Outside production, loopback receivers (127.0.0.0/8, ::1, localhost) are also allowed, over
 * http too: a receiver on the developer's machine or in a test.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    else return v6.range() === 'unicast' && v6.match(GLOBAL_V6);
  }
  return ip.range() === 'unicast';
}

const GLOBAL_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address); // an IPv4-mapped address as the IPv4 it carries
  return ip.range() === 'loopback';
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** May a connection go to this address, in this environment? */
export const addressAllowed = (address: string, production: boolean) =>
  isPublicAddress(address) || (!production && isLoopbackAddress(address));

const isLoopbackName = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost');

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
  // The WHATWG parser has already turned 0x7f.1, 2130706433 and 127.1 into 127.0.0.1.
  const host = bare(url.hostname);
  const loopback = isLoopbackName(host) || isLoopbackAddress(host);
  if (url.protocol === 'http:' && !(loopback && !production)) {
    return t(
      'A URL deve usar https (http só é aceito para localhost fora de produção).',
      'The URL must use https (http only for localhost outside production).',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return t('A URL deve usar https.', 'The URL must use https.');
  }
  if (!production && loopback) return null;
  const addresses = await resolveAll(host).catch(() => null);
  if (!addresses || addresses.length === 0) {
    return t(`O endereço ${url.hostname} não foi encontrado (DNS).`, `Host ${url.hostname} does not resolve.`);
  }
  if (!addresses.every((address) => addressAllowed(address, production))) {
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

/**
 * A DNS lookup for outgoing webhook connections that fails when any address the name resolves
 * to is not allowed: the connection uses the addresses checked here, never a second resolution.
 */
export function policedLookup(production: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, list) => {
      if (error) return callback(error, '', 0);
      const blocked = list.find((a) => !addressAllowed(a.address, production));
      if (blocked || list.length === 0) {
        const refused = Object.assign(
          new Error(`refused: ${hostname} resolves to ${blocked?.address ?? 'nothing'}, not a public address`),
          { code: 'ERR_WEBHOOK_PRIVATE_ADDRESS' },
        );
        return callback(refused, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, l: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Production's lookup (kept for callers that only ever run in production). */
export const publicOnlyLookup: LookupFunction = policedLookup(true);

/** The connection check for an IP-literal host (the lookup is not called for those). */
export const literalAllowed = (hostname: string, production = true) =>
  !isIP(bare(hostname)) || addressAllowed(bare(hostname), production);
