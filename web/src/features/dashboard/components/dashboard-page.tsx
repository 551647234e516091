import { Button, Card, Group, Select, Stack, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Empty, ErrorState, Loading } from '../../../components/states.tsx';
import { formatInteger } from '../../../lib/format.ts';
import {
  label,
  MOTIVO_LABEL,
  SITUACAO_LABEL,
  TAB_LABEL,
  TAB_SITUACOES,
  TABS,
  TAG_LABEL,
  type Tab,
} from '../../../lib/labels.ts';
import { useCarousel, useCounters, useFilterValues, useTabList } from '../api/dashboard.ts';
import { dashboardView, FILTERS } from '../view.ts';
import { type DashboardSelection, useRowSelection } from './dashboard-selection.ts';
import { JourneyHeader } from './journey-header.tsx';
import { ProgressPanel } from './progress-panel.tsx';
import { RenewalTable } from './renewal-table.tsx';
import { SearchBox } from './search-box.tsx';
import { TabExport } from './tab-export.tsx';

/**
 * Painel: the current journey, its progress, tab counters, and the tab's list (all state in the
 * URL). `renderBulk` draws what can be done with the selected rows (composed in by the app).
 */
export function DashboardPage({ renderBulk }: { renderBulk?: (selection: DashboardSelection) => ReactNode } = {}) {
  const [params, setParams] = useSearchParams();
  const { journeyId, scope, tab, sort, order, query } = dashboardView(params);

  const filters = useFilterValues(scope);
  const counters = useCounters(scope);
  const carousel = useCarousel(scope);
  const list = useTabList(tab, query);
  const selection = useRowSelection(tab, query, list.data?.total ?? 0);
  const atRisk = tab === 'aptos' && params.get('emRisco') === '1';

  /** Changes the URL; any change but the page itself goes back to page 1. */
  const update = (changes: Record<string, string | number | null | undefined>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('pagina' in changes)) next.delete('pagina');
      if (!('emRisco' in changes)) next.delete('emRisco');
      return next;
    });

  const values = filters.data;
  const current = values?.jornadas.find((j) => j.id === (journeyId ?? values.jornadasAtuais[0]));
  const count = (aba: Tab) => counters.data?.abas.find((a) => a.aba === aba)?.total;
  const active = FILTERS.some((f) => params.get(f));

  return (
    <Stack gap="md">
      {filters.error ? (
        <ErrorState error={filters.error} />
      ) : (
        <JourneyHeader journeys={values?.jornadas ?? []} current={current} onChange={(id) => update({ jornada: id })} />
      )}
      <ProgressPanel
        counters={counters.data}
        journey={current}
        daysLeft={carousel.data?.jornadas.find((j) => j.id === current?.id)?.diasRestantes ?? null}
        onRisk={() => update({ aba: 'aptos', situacao: null, motivo: null, emRisco: 1 })}
      />
      <Tabs value={tab} onChange={(v) => update({ aba: v, situacao: null, motivo: null })} keepMounted={false}>
        <Tabs.List aria-label="Abas do painel">
          {TABS.map((t) => (
            <Tabs.Tab key={t} value={t} data-testid={`aba-${t}`}>
              {TAB_LABEL[t]}{' '}
              <span data-testid={`contador-${t}`}>({count(t) === undefined ? '…' : formatInteger(count(t)!)})</span>
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t} value={t} pt="md">
            {t === tab && (
              <Stack gap="sm">
                <Group align="flex-end" gap="sm">
                  <SearchBox
                    key={params.get('busca') ?? ''}
                    scope={scope}
                    value={params.get('busca') ?? ''}
                    onSearch={(busca) => update({ busca })}
                  />
                  <Select
                    label="Curso"
                    clearable
                    searchable
                    w={220}
                    data={(values?.cursos ?? []).map((c) => ({ value: String(c.id), label: c.nome }))}
                    value={params.get('cursoId')}
                    onChange={(v) => update({ cursoId: v })}
                  />
                  <Select
                    label="Campus"
                    clearable
                    w={180}
                    data={(values?.campi ?? []).map((c) => ({ value: String(c.id), label: c.nome }))}
                    value={params.get('campusId')}
                    onChange={(v) => update({ campusId: v })}
                  />
                  <Select
                    label="Turno"
                    clearable
                    w={140}
                    data={(values?.turnos ?? []).map((c) => ({ value: String(c.id), label: c.nome }))}
                    value={params.get('turnoId')}
                    onChange={(v) => update({ turnoId: v })}
                  />
                  <Select
                    label="Etiqueta"
                    clearable
                    w={160}
                    data={(values?.tags ?? []).map((tag) => ({ value: tag, label: label(TAG_LABEL, tag) }))}
                    value={params.get('tag')}
                    onChange={(v) => update({ tag: v })}
                  />
                  {TAB_SITUACOES[tab].length > 1 && (
                    <Select
                      label="Situação"
                      clearable
                      w={200}
                      data={TAB_SITUACOES[tab].map((s) => ({ value: s, label: SITUACAO_LABEL[s] ?? s }))}
                      value={params.get('situacao')}
                      onChange={(v) => update({ situacao: v })}
                    />
                  )}
                  {tab === 'sem-renovacao' && (
                    <Select
                      label="Motivo"
                      clearable
                      w={170}
                      data={Object.entries(MOTIVO_LABEL).map(([value, label]) => ({ value, label }))}
                      value={params.get('motivo')}
                      onChange={(v) => update({ motivo: v })}
                    />
                  )}
                  {active && (
                    <Button variant="subtle" onClick={() => update(Object.fromEntries(FILTERS.map((f) => [f, null])))}>
                      Limpar filtros
                    </Button>
                  )}
                  <TabExport tab={tab} query={query} />
                </Group>
                {atRisk && (
                  <Card bg="orange.0" withBorder padding="sm" data-testid="lista-em-risco">
                    <Text fw={700}>Em risco</Text>
                    <Text size="sm">Estudantes ainda aptos, sem nenhuma ação, com a janela perto do encerramento.</Text>
                  </Card>
                )}
                {renderBulk?.(selection)}
                {list.isPending ? (
                  <Loading />
                ) : list.error ? (
                  <ErrorState error={list.error} />
                ) : list.data.total === 0 ? (
                  <Empty>Nenhum estudante nesta aba{active ? ' com estes filtros' : ''}.</Empty>
                ) : (
                  <RenewalTable
                    page={list.data}
                    sort={sort}
                    order={order}
                    busy={list.isFetching}
                    onSort={(column) =>
                      update({ ordenarPor: column, ordem: column === sort && order === 'asc' ? 'desc' : 'asc' })
                    }
                    onPage={(p) => update({ pagina: p })}
                    selection={renderBulk ? selection : undefined}
                  />
                )}
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
