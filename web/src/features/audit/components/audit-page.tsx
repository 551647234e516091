import { Group, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { PageControls } from '../../../components/page-controls.tsx';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatCount } from '../../../lib/format.ts';
import { type AuditFilters, auditFile, useAudit } from '../api/audit.ts';
import { AuditFiltersForm, type AuditUrlFilters } from './audit-filters.tsx';
import { AuditTable } from './audit-table.tsx';

const KEYS = ['usuario', 'operacao', 'brbId', 'estudante', 'de', 'ate'] as const;

/** Auditoria: every change made for the IE (who, what, about which student or batch, when), filtered and exported. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const url = Object.fromEntries(KEYS.map((k) => [k, params.get(k)])) as unknown as AuditUrlFilters;
  const filters: AuditFilters = {
    usuario: url.usuario ?? undefined,
    operacao: url.operacao ?? undefined,
    brbId: url.brbId ? Number(url.brbId) : undefined,
    de: url.de ?? undefined,
    ate: url.ate ?? undefined,
  };
  const pagina = Number(params.get('pagina') ?? 1);
  const audit = useAudit(filters, pagina);
  const active = KEYS.some((k) => url[k]);

  const apply = (next: AuditUrlFilters) =>
    setParams(() => {
      const out = new URLSearchParams();
      for (const k of KEYS) if (next[k]) out.set(k, next[k]!);
      return out;
    });
  const goTo = (p: number) =>
    setParams((previous) => {
      const out = new URLSearchParams(previous);
      out.set('pagina', String(p));
      return out;
    });

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Title order={1}>Auditoria</Title>
        <ExportMenu name="auditoria" what="a auditoria" request={auditFile(filters)} />
      </Group>
      <Text>Cada alteração feita para a sua IE, pelo portal ou pelo sistema da IE, com quem fez e o resultado.</Text>
      <AuditFiltersForm key={params.toString()} value={url} onApply={apply} />
      <QueryState query={audit} loading="Carregando a auditoria…">
        {(page) =>
          page.total === 0 ? (
            <Empty>Nenhum registro de auditoria{active ? ' com estes filtros' : ''}.</Empty>
          ) : (
            <div aria-busy={audit.isFetching}>
              <AuditTable items={page.itens} />
              <Group justify="space-between" mt="sm">
                <Text size="sm" data-testid="total-auditoria">
                  {formatCount(page.total, 'registro', 'registros')}
                </Text>
                {page.totalPaginas > 1 && <PageControls pages={page.totalPaginas} page={page.pagina} onChange={goTo} />}
              </Group>
            </div>
          )
        }
      </QueryState>
    </Stack>
  );
}
