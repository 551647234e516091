import { Table, Text } from '@mantine/core';
import type { components } from '../../../lib/api/schema';
import { formatDateTime } from '../../../lib/format.ts';
import { ACAO_LABEL, label, situacaoText } from '../../../lib/labels.ts';
import { useEnrolmentReasons } from '../api/contracts.ts';

type TimelineEvent = components['schemas']['TimelineEvent'];

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The timeline as a person reads it: when, who, what (label), from → to (labels) and the reason
 * (a withdrawal or bond code by its name, free text as typed).
 */
export function TimelineTable({ eventos }: { eventos: TimelineEvent[] }) {
  const reasons = useEnrolmentReasons();
  const reasonName = (code: string) => reasons.data?.find((r) => r.codigo === code)?.descricao ?? code;
  const reasonOf = (e: TimelineEvent) => {
    const d = e.detalhes ?? {};
    const motivo = text(d.motivo);
    const extra = text(d.motivoComplementar);
    const coded = motivo && (d.tipo === 'F' || d.tipo === 'S') ? reasonName(motivo) : motivo;
    return [coded, extra].filter(Boolean).join(' — ') || '—';
  };
  const state = (situacao: string | null, motivo: string | null) => (situacao ? situacaoText(situacao, motivo) : '—');
  return (
    // On a phone the table scrolls inside its card; the page itself never scrolls sideways.
    <Table.ScrollContainer minWidth={640} type="native">
      <Table data-testid="linha-do-tempo" striped>
        <Table.Caption c="gray.7">Linha do tempo da renovação, do mais antigo ao mais recente</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Quando</Table.Th>
            <Table.Th scope="col">Quem</Table.Th>
            <Table.Th scope="col">O quê</Table.Th>
            <Table.Th scope="col">De → Para</Table.Th>
            <Table.Th scope="col">Motivo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {eventos.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatDateTime(e.dataHora)}</Table.Td>
              <Table.Td>{e.usuarioNome ?? e.usuario}</Table.Td>
              <Table.Td>{label(ACAO_LABEL, e.acao)}</Table.Td>
              <Table.Td>
                {e.situacaoAnterior && e.situacaoAnterior !== e.situacaoNova ? (
                  <Text span size="sm">
                    {state(e.situacaoAnterior, e.motivoAnterior)} → {state(e.situacaoNova, e.motivoNovo)}
                  </Text>
                ) : (
                  state(e.situacaoNova, e.motivoNovo)
                )}
              </Table.Td>
              <Table.Td>{reasonOf(e)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
