import { Alert, Autocomplete, Button, Group, List, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { maskCPF, maskDate, toApiDate } from '../../../lib/format.ts';
import { operacaoLabel, situacaoText } from '../../../lib/labels.ts';
import { useAuditFilterValues, useStudentSuggestions } from '../api/audit.ts';

/** The filters as the URL keeps them: dates yyyy-mm-dd, operacao a comma list of operationIds. */
export interface AuditUrlFilters {
  usuario: string | null;
  operacao: string | null;
  brbId: string | null;
  estudante: string | null;
  de: string | null;
  ate: string | null;
}

const toIso = (typed: string) => toApiDate(typed)?.split('-').reverse().join('-') ?? null;
const fromIso = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

/** One action can come through several operations (v1/v2/v3 doors): one option per label. */
function actionOptions(operacoes: readonly string[]) {
  const byLabel = new Map<string, string[]>();
  for (const op of operacoes) byLabel.set(operacaoLabel(op), [...(byLabel.get(operacaoLabel(op)) ?? []), op]);
  return [...byLabel.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'pt-BR'))
    .map(([label, ops]) => ({ value: ops.sort().join(','), label }));
}

/** The audit filters, applied together (GOV.UK style: errors beside the field and in a summary that takes focus). */
export function AuditFiltersForm({
  value,
  onApply,
}: {
  value: AuditUrlFilters;
  onApply: (filters: AuditUrlFilters) => void;
}) {
  const values = useAuditFilterValues();
  const [usuario, setUsuario] = useState(value.usuario);
  const [operacao, setOperacao] = useState(value.operacao);
  const [student, setStudent] = useState(value.estudante ?? value.brbId ?? '');
  const [brbId, setBrbId] = useState(value.brbId);
  const [de, setDe] = useState(fromIso(value.de));
  const [ate, setAte] = useState(fromIso(value.ate));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const summary = useRef<HTMLDivElement>(null);
  const [termo] = useDebouncedValue(student, 250);
  const suggestions = useStudentSuggestions(brbId ? '' : termo);

  useEffect(() => {
    if (Object.keys(errors).length > 0) summary.current?.focus();
  }, [errors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (de && !toIso(de)) found.de = 'Informe a data inicial como dd/mm/aaaa, por exemplo 01/03/2026.';
    if (ate && !toIso(ate)) found.ate = 'Informe a data final como dd/mm/aaaa, por exemplo 31/03/2026.';
    if (!found.de && !found.ate && de && ate && toIso(de)! > toIso(ate)!)
      found.ate = 'A data final deve ser igual ou posterior à inicial.';
    // A number typed without picking a suggestion is taken as the student's brbId.
    const typedId = !brbId && /^\d{1,15}$/.test(student.trim()) ? student.trim() : null;
    if (!brbId && !typedId && student.trim())
      found.estudante = 'Escolha um estudante da lista de sugestões ou digite o número do brbId.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onApply({
      usuario,
      operacao,
      brbId: brbId ?? typedId,
      estudante: brbId ? student : null,
      de: de ? toIso(de) : null,
      ate: ate ? toIso(ate) : null,
    });
  };

  const people = (values.data?.usuarios ?? []).map((p) => ({ value: p.sub, label: p.nome ?? p.sub }));
  const studentOptions = (termo.trim().length >= 3 && !brbId ? (suggestions.data ?? []) : []).map((s) => ({
    value: String(s.brbId),
    label: `${s.nomeEstudante} · ${maskCPF(s.cpf)} · ${situacaoText(s.situacao)}`,
  }));
  const messages = Object.entries(errors);

  return (
    <form onSubmit={submit} noValidate aria-label="Filtros da auditoria">
      <Stack gap="sm">
        {messages.length > 0 && (
          <Alert color="red" title="Corrija os filtros" role="alert" ref={summary} tabIndex={-1}>
            <List size="sm">
              {messages.map(([field, message]) => (
                <List.Item key={field}>
                  <a href={`#filtro-${field}`}>{message}</a>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group align="flex-start" gap="sm">
          <Select
            id="filtro-usuario"
            label="Pessoa"
            placeholder="Todas"
            clearable
            searchable
            w={{ base: '100%', sm: 220 }}
            data={people}
            value={usuario}
            onChange={setUsuario}
            description={hint('Quem fez a ação')}
          />
          <Select
            id="filtro-operacao"
            label="Ação"
            placeholder="Todas"
            clearable
            searchable
            w={{ base: '100%', sm: 260 }}
            data={actionOptions(values.data?.operacoes ?? [])}
            value={operacao}
            onChange={setOperacao}
            description={hint('O que foi feito')}
          />
          <Autocomplete
            id="filtro-estudante"
            label="Estudante"
            w={{ base: '100%', sm: 280 }}
            value={student}
            onChange={(text) => {
              // Picking a suggestion sets the field to its value (the brbId): keep the id, show the name.
              const picked = studentOptions.find((o) => o.value === text);
              setBrbId(picked ? text : null);
              setStudent(picked ? (picked.label.split(' · ')[0] ?? text) : text);
            }}
            data={studentOptions}
            filter={({ options }) => options}
            description={hint('Nome, CPF, matrícula ou brbId')}
            error={fieldError(errors.estudante)}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            id="filtro-de"
            label="De"
            inputMode="numeric"
            w={{ base: '100%', sm: 140 }}
            value={de}
            onChange={(e) => setDe(maskDate(e.currentTarget.value))}
            description={hint('dd/mm/aaaa')}
            error={fieldError(errors.de)}
          />
          <TextInput
            id="filtro-ate"
            label="Até"
            inputMode="numeric"
            w={{ base: '100%', sm: 140 }}
            value={ate}
            onChange={(e) => setAte(maskDate(e.currentTarget.value))}
            description={hint('dd/mm/aaaa')}
            error={fieldError(errors.ate)}
          />
        </Group>
        <Group gap="sm">
          <Button type="submit">Aplicar filtros</Button>
          <Button
            variant="subtle"
            onClick={() => {
              setUsuario(null);
              setOperacao(null);
              setStudent('');
              setBrbId(null);
              setDe('');
              setAte('');
              setErrors({});
              onApply({ usuario: null, operacao: null, brbId: null, estudante: null, de: null, ate: null });
            }}
          >
            Limpar filtros
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
