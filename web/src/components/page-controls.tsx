import { Pagination } from '@mantine/core';

const CONTROL_LABEL = {
  first: 'Primeira página',
  previous: 'Página anterior',
  next: 'Próxima página',
  last: 'Última página',
};

/** A list's page controls, with an accessible name on every page and arrow (axe: button-name). */
export function PageControls({
  pages,
  page,
  onChange,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
}) {
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      size="sm"
      getItemProps={(n) => ({ 'aria-label': `Página ${n}` })}
      getControlProps={(control) => ({ 'aria-label': CONTROL_LABEL[control] })}
    />
  );
}
