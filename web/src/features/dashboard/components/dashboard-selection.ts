import { useState } from 'react';
import type { components } from '../../../lib/api/schema';
import type { Tab } from '../../../lib/labels.ts';
import type { ListQuery } from '../api/dashboard.ts';

export type Filtros = components['schemas']['BulkFilters'];

/** The rows chosen on the dashboard, for bulk work: ticked rows, or every row the filters list. */
export interface DashboardSelection {
  tab: Tab;
  /** brbId → student name, over every page seen. */
  selected: Map<number, string>;
  allMatching: boolean;
  total: number;
  /** The tab and its filters as the bulk operation reads them (the list's order included). */
  filtros: Filtros;
  onAllMatching: (all: boolean) => void;
  onClear: () => void;
  toggle: (brbId: number, name: string, on: boolean) => void;
}

/** Keeps the selection while paging; a new tab, filter or order starts it again. */
export function useRowSelection(tab: Tab, query: ListQuery, total: number): DashboardSelection {
  const { pagina: _p, tamanho: _t, ...rest } = query as ListQuery & { pagina?: number; tamanho?: number };
  const filtros = { ...rest, aba: tab } as Filtros;
  const key = JSON.stringify(filtros);
  const [state, setState] = useState({ key, selected: new Map<number, string>(), allMatching: false });
  // Another tab or filter: the rows chosen before are not in this list, so the choice starts over.
  const current = state.key === key ? state : { key, selected: new Map<number, string>(), allMatching: false };
  if (current !== state) setState(current);
  return {
    tab,
    selected: current.selected,
    allMatching: current.allMatching,
    total,
    filtros,
    onAllMatching: (allMatching) => setState((s) => ({ ...s, allMatching })),
    onClear: () => setState({ key, selected: new Map(), allMatching: false }),
    toggle: (brbId, name, on) =>
      setState((s) => {
        const selected = new Map(s.selected);
        if (on) selected.set(brbId, name);
        else selected.delete(brbId);
        return { ...s, selected, allMatching: false };
      }),
  };
}
