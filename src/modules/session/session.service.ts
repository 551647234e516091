import { decodeJwt } from 'jose';
import type { Caller, TokenRequest } from '../../http/auth.js';

/** The demo's users: staff of IE 1 and of IE 2, and a foundation operator (see README, "Portal"). */
export const DEMO_USERS = [
  {
    id: 'ie-1',
    nome: 'Ana Souza',
    papel: 'IE' as const,
    ies: [1],
    grupoIe: 1,
    descricao: 'Equipe de crédito estudantil da IE 1',
  },
  {
    id: 'ie-2',
    nome: 'Bruno Lima',
    papel: 'IE' as const,
    ies: [2],
    grupoIe: null,
    descricao: 'Equipe de crédito estudantil da IE 2',
  },
  {
    id: 'operador',
    nome: 'Carla Operadora',
    papel: 'OPERADOR' as const,
    ies: [],
    grupoIe: null,
    descricao: 'Operadora da fundação (todas as IEs)',
  },
];

/** How long a demo session lasts. */
export const DEMO_TTL_S = 8 * 3600;

export const demoUserList = () => DEMO_USERS.map(({ grupoIe: _g, ...user }) => user);

export function demoTokenRequest(id: string): TokenRequest | null {
  const user = DEMO_USERS.find((u) => u.id === id);
  if (!user) return null;
  return {
    sub: `demo-${user.id}`,
    name: user.nome,
    role: user.papel,
    ies: user.ies,
    grupoIe: user.grupoIe,
    ttl: `${DEMO_TTL_S}s`,
  };
}

/** Seconds until the (already verified) token expires. */
export function secondsLeft(token: string, now = Date.now()): number {
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' ? exp - Math.floor(now / 1000) : 0;
}

export function sessionUser(caller: Caller, token: string) {
  const { exp } = decodeJwt(token);
  return {
    sub: caller.sub,
    nome: caller.name,
    papel: caller.role,
    ies: caller.ies,
    grupoIe: caller.grupoIe,
    expiraEm: typeof exp === 'number' ? new Date(exp * 1000).toISOString() : null,
  };
}
