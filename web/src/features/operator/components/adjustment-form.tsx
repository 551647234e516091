import { Alert, Button, Card, Group, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { ApiError, fieldErrors, generalMessage } from '../../../lib/api/problem.ts';
import { formatBRL, parseBRL } from '../../../lib/format.ts';
import { useIes } from '../api/batches.ts';
import { useRecordAdjustment } from '../api/transfers.ts';
import { Confirm } from './confirm.tsx';

const FIELDS = ['ieId', 'valor', 'descricao'] as const;
type Field = (typeof FIELDS)[number];

/**
 * An adjustment to an IE's transfer for the month on screen: an amount (negative deducts) and the
 * reason, confirmed naming the IE, the month and the effect. The service refuses one that would
 * make the month's net negative (422), and puts one for a closed month into the open month.
 */
export function AdjustmentForm({ competencia, label }: { competencia: string; label: string }) {
  const ies = useIes();
  const record = useRecordAdjustment();
  const [ie, setIe] = useState<string | null>(null);
  const [valor, setValor] = useState('');
  const [descricao, setDescricao] = useState('');
  const [local, setLocal] = useState<Partial<Record<Field, string>>>({});
  const [asked, setAsked] = useState<{ ieId: number; valor: number; descricao: string } | null>(null);
  const problem = record.error instanceof ApiError ? record.error.problem : undefined;
  const remote = fieldErrors(problem, FIELDS);
  const general = problem ? generalMessage(problem, FIELDS) : (record.error?.message ?? null);
  const ieName = (id: number) => ies.data?.find((i) => i.id === id)?.sigla ?? `IE ${id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    if (!ie) errors.ieId = 'Escolha a IE.';
    const amount = parseBRL(valor);
    if (amount === null) errors.valor = 'Informe o valor em reais, como 150,00 ou -150,00 para descontar.';
    else if (amount === 0)
      errors.valor = 'O ajuste não pode ser zero: use um valor positivo para somar ou negativo para descontar.';
    if (descricao.trim().length < 3) errors.descricao = 'Escreva o motivo do ajuste, com ao menos 3 letras.';
    setLocal(errors);
    if (Object.keys(errors).length > 0 || amount === null || !ie) return;
    record.reset();
    setAsked({ ieId: Number(ie), valor: amount, descricao: descricao.trim() });
  };

  return (
    <Card withBorder component="section" aria-labelledby="ajuste-titulo" className="no-print">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Title order={3} size="h4" id="ajuste-titulo">
            Ajuste no repasse de {label}
          </Title>
          <Group align="flex-start">
            <Select
              label="IE"
              description={hint('A IE cujo repasse muda')}
              placeholder="Escolha a IE"
              searchable
              data={(ies.data ?? []).map((i) => ({ value: String(i.id), label: `${i.sigla} — ${i.nome}` }))}
              value={ie}
              onChange={setIe}
              error={fieldError(local.ieId ?? remote.ieId)}
              w={300}
            />
            <TextInput
              label="Valor do ajuste"
              description={hint('Em reais; negativo desconta, como -150,00')}
              inputMode="decimal"
              value={valor}
              onChange={(e) => setValor(e.currentTarget.value)}
              error={fieldError(local.valor ?? remote.valor)}
              w={240}
            />
          </Group>
          <Textarea
            label="Motivo"
            description={hint('A IE lê este motivo no repasse; de 3 a 500 caracteres')}
            autosize
            minRows={2}
            maxLength={500}
            value={descricao}
            onChange={(e) => setDescricao(e.currentTarget.value)}
            error={fieldError(local.descricao ?? remote.descricao)}
            maw={560}
          />
          {general && (
            <Alert color="red.9" role="alert" data-testid="erro-ajuste">
              {general}
            </Alert>
          )}
          {record.data && !record.error && (
            <Alert variant="outline" color="teal.9" role="status" data-testid="ajuste-registrado">
              Ajuste de {formatBRL(record.data.valor)} registrado para {ieName(record.data.ieId)} no repasse de{' '}
              {record.data.competencia.slice(5)}/{record.data.competencia.slice(0, 4)}.
            </Alert>
          )}
          <Group>
            <Button type="submit" variant="outline">
              Registrar ajuste
            </Button>
          </Group>
        </Stack>
      </form>
      <Confirm
        opened={asked !== null}
        title={`Registrar ajuste no repasse de ${label}?`}
        confirmLabel={`Registrar ${formatBRL(asked?.valor)}`}
        danger={(asked?.valor ?? 0) < 0}
        loading={record.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (!asked) return;
          record.mutate({ ...asked, competencia }, { onSettled: () => setAsked(null), onSuccess: () => setValor('') });
        }}
      >
        {asked &&
          `${ieName(asked.ieId)}: ${asked.valor < 0 ? 'desconto de' : 'acréscimo de'} ${formatBRL(Math.abs(asked.valor))} no repasse de ${label}, com o motivo "${asked.descricao}". Se o mês já estiver fechado, o ajuste entra no mês aberto. Um ajuste que deixaria o repasse negativo é recusado.`}
      </Confirm>
    </Card>
  );
}
