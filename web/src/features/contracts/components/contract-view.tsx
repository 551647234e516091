import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Empty, ErrorState, Loading, QueryState } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api/problem.ts';
import { formatBRL, formatDate, formatDateTime, formatPeriod, maskCPF } from '../../../lib/format.ts';
import {
  ADDENDUM_STATUS_LABEL,
  CONTRACT_STATUS_LABEL,
  JOURNEY_STATUS_LABEL,
  label,
  situacaoText,
  TASK_STATUS_LABEL,
} from '../../../lib/labels.ts';
import { useContractStatus, useInProgress, useOpenTasks, useTimeline } from '../api/contracts.ts';
import { TimelineTable } from './timeline-table.tsx';

const IN_PROGRESS: Record<string, string> = {
  envioValores: 'Envio de valores',
  trancamento: 'Trancamento',
  afastamentoEvasao: 'Afastamento ou evasão',
  previsaoFormatura: 'Previsão de formatura',
  manutencaoVinculo: 'Manutenção de vínculo',
  assinaturaContratoAnterior: 'Assinatura do contrato anterior',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** Contrato: the entry's student, course, contract, addendum, situação, timeline, tasks and requests. */
export function ContractView({ brbId }: { brbId: number }) {
  const status = useContractStatus(brbId);
  const timeline = useTimeline(status.data?.processoId);
  const tasks = useOpenTasks(status.data?.processoId);
  const progress = useInProgress(brbId);

  if (status.isPending) return <Loading />;
  if (status.error) {
    if (status.error instanceof ApiError && status.error.status === 404)
      return (
        <ErrorState title="Contrato não encontrado" error={new Error(`O contrato ${brbId} não foi encontrado.`)} />
      );
    return <ErrorState error={status.error} />;
  }
  const c = status.data;
  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>{c.estudante.nome}</Title>
          <Text>
            CPF {maskCPF(c.estudante.cpf)} · Matrícula {c.bolsa.matricula} · {c.ie.sigla}
          </Text>
        </div>
        <Badge size="lg" tt="none" data-testid="situacao">
          {situacaoText(c.situacao, c.motivo)}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            Curso
          </Title>
          <Field label="Curso">{c.curso.nome}</Field>
          <Field label="Campus">{c.campus.nome}</Field>
          <Field label="Turno">{c.turno.nome}</Field>
        </Card>
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            Contrato
          </Title>
          <Field label="Número">{c.contrato.numero}</Field>
          <Field label="Status">{label(CONTRACT_STATUS_LABEL, c.contrato.status)}</Field>
          <Field label="Previsão de formatura">{formatDate(c.contrato.previsaoFormatura)}</Field>
          <Field label="Início da restituição">{formatDate(c.contrato.inicioRestituicao)}</Field>
          <Field label="Semestres trancados">{c.contrato.semestresTrancados}</Field>
        </Card>
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            Jornada e aditivo
          </Title>
          <Field label="Jornada">
            {formatPeriod(c.jornada.ano, c.jornada.semestre)} (
            {label(JOURNEY_STATUS_LABEL, c.jornada.status).toLowerCase()})
          </Field>
          {c.aditivo ? (
            <>
              <Field label="Aditivo">
                {formatPeriod(c.aditivo.ano, c.aditivo.semestre)} · {label(ADDENDUM_STATUS_LABEL, c.aditivo.status)}
              </Field>
              <Field label="Valor do semestre">{formatBRL(c.aditivo.valor)}</Field>
              <Field label="Assinado em">{formatDateTime(c.aditivo.assinadoEm)}</Field>
            </>
          ) : (
            <Field label="Aditivo">Nenhum aditivo gerado</Field>
          )}
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          Solicitações em andamento
        </Title>
        <QueryState query={progress}>
          {(data) => {
            const open = Object.entries(data).filter(([, v]) => v);
            return open.length === 0 ? (
              <Text size="sm">Nenhuma solicitação em andamento.</Text>
            ) : (
              <List size="sm">
                {open.map(([k]) => (
                  <List.Item key={k}>{IN_PROGRESS[k] ?? k}</List.Item>
                ))}
              </List>
            );
          }}
        </QueryState>
      </Card>
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          Tarefas abertas
        </Title>
        {!c.processoId ? (
          <Empty>Sem processo de renovação.</Empty>
        ) : (
          <QueryState query={tasks}>
            {(data) =>
              data.tarefas.length === 0 ? (
                <Text size="sm">Nenhuma tarefa aberta.</Text>
              ) : (
                <List size="sm">
                  {data.tarefas.map((task) => (
                    <List.Item key={task.id}>
                      {task.descricao} · {label(TASK_STATUS_LABEL, String(task.status ?? ''))} · criada em{' '}
                      {formatDate(task.criadaEm)}
                    </List.Item>
                  ))}
                </List>
              )
            }
          </QueryState>
        )}
      </Card>
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          Linha do tempo
        </Title>
        {!c.processoId ? (
          <Empty>Sem processo de renovação.</Empty>
        ) : (
          <QueryState query={timeline}>
            {(data) =>
              data.eventos.length === 0 ? <Empty>Nenhum evento.</Empty> : <TimelineTable eventos={data.eventos} />
            }
          </QueryState>
        )}
      </Card>
    </Stack>
  );
}
