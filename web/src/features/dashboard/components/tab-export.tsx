import { ExportMenu } from '../../../components/export-menu.tsx';
import { api } from '../../../lib/api/client.ts';
import type { FileFormat } from '../../../lib/api/download.ts';
import { TAB_LABEL, type Tab } from '../../../lib/labels.ts';
import type { ListQuery } from '../api/dashboard.ts';

/** The tab's list as a file: the same filters and order as on screen, every page. */
export function TabExport({ tab, query }: { tab: Tab; query: ListQuery }) {
  const { pagina: _pagina, tamanho: _tamanho, ...filters } = query;
  const request = (formato: FileFormat) => {
    const options = { params: { query: { ...filters, formato } }, parseAs: 'blob' as const };
    return tab === 'manutencao-vinculo'
      ? api.GET('/s/v2/renovacao/manutencao-vinculo/estudantes', options)
      : api.GET('/s/v2/renovacao/{renewalTabEnum}', {
          ...options,
          params: { ...options.params, path: { renewalTabEnum: tab } },
        });
  };
  return <ExportMenu request={request} name={tab} what={`a aba ${TAB_LABEL[tab]}`} />;
}
