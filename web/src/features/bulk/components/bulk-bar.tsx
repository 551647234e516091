import { Button, Card, Group, Select, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { formatInteger } from '../../../lib/format.ts';
import { BULK_ACTION_LABEL, TAB_LABEL, type Tab } from '../../../lib/labels.ts';
import type { BulkFilters } from '../api/bulk.ts';
import { BULK_ACTIONS_BY_TAB } from '../bulk-actions.ts';

// The form and confirmation load on the first "Continuar": the dashboard's own chunk stays small.
const BulkDialog = lazy(() => import('./bulk-dialog.tsx').then((m) => ({ default: m.BulkDialog })));

/** Most entries one bulk action takes (the API's limit). */
export const BULK_MAX = 5_000;

export interface BulkSelection {
  tab: Tab;
  /** Rows ticked on the page(s) seen, with the student names. */
  selected: Map<number, string>;
  /** Every entry the tab lists with the current filters. */
  allMatching: boolean;
  /** How many entries the tab lists with the current filters. */
  total: number;
  filtros: BulkFilters;
  onAllMatching: (all: boolean) => void;
  onClear: () => void;
}

/** What can be done with the selected students: the tab's actions, then the form and confirmation. */
export function BulkBar({ selection }: { selection: BulkSelection }) {
  const { tab, selected, allMatching, total } = selection;
  const [acao, setAcao] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const count = allMatching ? total : selected.size;
  if (count === 0) return null;
  const actions = BULK_ACTIONS_BY_TAB[tab];
  const tooMany = allMatching && total > BULK_MAX;
  return (
    <Card withBorder padding="sm" component="section" aria-label="Ação em lote" data-testid="barra-lote">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Text fw={600} aria-live="polite" data-testid="selecionados">
            {allMatching
              ? `Todos os ${formatInteger(total)} estudantes da aba ${TAB_LABEL[tab]} com estes filtros`
              : `${formatInteger(selected.size)} ${selected.size === 1 ? 'estudante selecionado' : 'estudantes selecionados'}`}
          </Text>
          <Group gap="xs">
            {!allMatching && total > selected.size && (
              <Button variant="subtle" size="compact-sm" onClick={() => selection.onAllMatching(true)}>
                Selecionar todos os {formatInteger(total)} que atendem aos filtros
              </Button>
            )}
            <Button variant="subtle" size="compact-sm" onClick={selection.onClear}>
              Limpar seleção
            </Button>
          </Group>
          {tooMany && (
            <Text c="red.9" size="sm" role="alert">
              Uma ação em lote vai até {formatInteger(BULK_MAX)} estudantes. Refine os filtros.
            </Text>
          )}
        </div>
        {actions.length > 0 && (
          <Group align="flex-end" gap="xs">
            <Select
              label="Ação"
              placeholder="Escolha a ação"
              data={actions.map((a) => ({ value: a, label: BULK_ACTION_LABEL[a] ?? a }))}
              value={acao}
              onChange={setAcao}
              w={240}
            />
            <Button disabled={!acao || tooMany} onClick={() => setOpen(true)}>
              Continuar
            </Button>
          </Group>
        )}
      </Group>
      {open && acao && (
        <Suspense fallback={null}>
          <BulkDialog
            acao={acao}
            target={
              allMatching
                ? { filtros: selection.filtros, count: total }
                : { brbIds: [...selected.keys()], count: selected.size, names: [...selected.values()] }
            }
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}
