import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { maskCPF } from '../../../lib/format.ts';
import { situacaoText } from '../../../lib/labels.ts';
import { type Scope, useAutocomplete } from '../api/dashboard.ts';

/**
 * Search with suggestions (name without accents, CPF with or without mask, matrícula): picking a
 * suggestion opens that contract; Enter filters the list by what was typed.
 */
export function SearchBox({
  scope,
  value,
  onSearch,
}: {
  scope: Scope;
  value: string;
  onSearch: (busca: string) => void;
}) {
  const [text, setText] = useState(value);
  const [termo] = useDebouncedValue(text, 200);
  const suggestions = useAutocomplete(scope, termo);
  const navigate = useNavigate();
  const items = termo.trim().length >= 3 ? (suggestions.data ?? []) : [];

  return (
    <Autocomplete
      label="Buscar estudante"
      placeholder="Nome, CPF ou matrícula"
      value={text}
      onChange={setText}
      w={340}
      data={items.map((s) => ({
        value: String(s.brbId),
        label: `${s.nomeEstudante} · ${maskCPF(s.cpf)} · ${situacaoText(s.situacao)}`,
      }))}
      filter={({ options }) => options}
      onOptionSubmit={(brbId) => navigate(`/contrato/${brbId}`)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.defaultPrevented) onSearch(text.trim());
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
