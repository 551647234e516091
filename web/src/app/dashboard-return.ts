/**
 * Where "← Voltar ao painel" goes: the dashboard as the person left it (journey, tab, filters,
 * order and page all live in its URL). The dashboard route records its search on every change;
 * the contract page links back to it. Per browser tab (sessionStorage), never shared.
 */
const KEY = 'renova.painel';

export function rememberDashboard(search: string): void {
  try {
    sessionStorage.setItem(KEY, search);
  } catch {
    // Storage can be unavailable (privacy modes): the link then goes to the plain dashboard.
  }
}

export function dashboardLink(): string {
  try {
    const search = sessionStorage.getItem(KEY);
    return search ? `/${search.startsWith('?') ? search : `?${search}`}` : '/';
  } catch {
    return '/';
  }
}
