import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { hint } from '../../../components/field-text.tsx';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatBRL, formatDate, formatInteger, formatPeriod, maskCPF } from '../../../lib/format.ts';
import { usePendingSignatures, useSignMany } from '../api/signatures.ts';
import { Confirm } from './confirm.tsx';
import { Pager } from './pager.tsx';

const days = (n: number) => (n === 0 ? 'hoje' : n === 1 ? '1 dia' : `${formatInteger(n)} dias`);

/**
 * Addenda waiting for the students' signatures, per IE with the age of the oldest; select the
 * ones whose signed addendum arrived and record them together after a confirmation naming them.
 */
export function SignaturesPanel() {
  const [pagina, setPagina] = useState(1);
  const [ie, setIe] = useState<string | null>(null);
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const pending = usePendingSignatures(ie ? Number(ie) : undefined, pagina);
  const sign = useSignMany();

  const toggle = (brbId: number, nome: string, on: boolean) => {
    const next = new Map(selected);
    if (on) next.set(brbId, nome);
    else next.delete(brbId);
    setSelected(next);
  };
  const names = [...selected.values()];

  return (
    <Stack>
      <Title order={2} size="h3">
        Assinaturas pendentes
      </Title>
      {sign.data && (
        <Alert
          variant="outline"
          color={sign.data.recusados ? 'red.9' : 'teal.9'}
          role="status"
          data-testid="assinaturas-registradas"
        >
          {formatInteger(sign.data.assinados)} assinatura(s) registrada(s): renovação finalizada.
          {sign.data.recusados > 0 && (
            <List size="sm" mt="xs">
              {sign.data.resultados
                .filter((r) => r.resultado === 'RECUSADO')
                .map((r) => (
                  <List.Item key={r.brbId}>{r.mensagem}</List.Item>
                ))}
            </List>
          )}
        </Alert>
      )}
      {sign.error && (
        <Alert color="red.9" role="alert">
          {sign.error.message}
        </Alert>
      )}
      <QueryState query={pending} loading="Carregando assinaturas pendentes…">
        {(page) => (
          <>
            {page.porIe.length > 0 && (
              <ScrollArea type="auto" className="tabela-rolavel">
                <Table withTableBorder maw={640}>
                  <caption className="legenda">Aditivos aguardando assinatura, por IE</caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">IE</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Aguardando
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Mais antigo
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.porIe.map((i) => (
                      <Table.Tr key={i.ieId}>
                        <Table.Th scope="row" fw={500}>
                          {i.sigla} — {i.nome}
                        </Table.Th>
                        <Table.Td ta="right">{formatInteger(i.total)}</Table.Td>
                        <Table.Td ta="right">
                          <Badge color={i.diasMaisAntigo > 15 ? 'red.9' : 'gray.8'}>{days(i.diasMaisAntigo)}</Badge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
            <Group align="flex-end">
              <Select
                label="IE"
                description={hint('Todas, ou uma IE')}
                placeholder="Todas as IEs"
                clearable
                data={page.porIe.map((i) => ({ value: String(i.ieId), label: `${i.sigla} — ${i.nome}` }))}
                value={ie}
                onChange={(v) => {
                  setIe(v);
                  setPagina(1);
                  setSelected(new Map());
                }}
                w={280}
              />
              <Button disabled={selected.size === 0} onClick={() => setConfirming(true)} color="teal.9">
                Registrar {selected.size > 0 ? `${formatInteger(selected.size)} assinatura(s)` : 'assinaturas'}
              </Button>
            </Group>
            {page.total === 0 ? (
              <Empty>Nenhum aditivo aguardando assinatura.</Empty>
            ) : (
              <>
                <ScrollArea type="auto" className="tabela-rolavel">
                  <Table striped withTableBorder miw={900}>
                    <caption className="legenda">
                      Aditivos aguardando assinatura, do mais antigo ao mais recente
                    </caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">
                          <Checkbox
                            aria-label="Selecionar todos desta página"
                            checked={page.itens.length > 0 && page.itens.every((e) => selected.has(e.brbId))}
                            onChange={(ev) => {
                              const next = new Map(selected);
                              for (const e of page.itens)
                                if (ev.currentTarget.checked) next.set(e.brbId, e.nomeEstudante);
                                else next.delete(e.brbId);
                              setSelected(next);
                            }}
                          />
                        </Table.Th>
                        <Table.Th scope="col">Estudante</Table.Th>
                        <Table.Th scope="col">CPF</Table.Th>
                        <Table.Th scope="col">IE</Table.Th>
                        <Table.Th scope="col">Contrato</Table.Th>
                        <Table.Th scope="col">Período</Table.Th>
                        <Table.Th scope="col" ta="right">
                          Valor do aditivo
                        </Table.Th>
                        <Table.Th scope="col">Gerado em</Table.Th>
                        <Table.Th scope="col" ta="right">
                          Aguardando há
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {page.itens.map((e) => (
                        <Table.Tr key={e.brbId} data-testid={`assinatura-${e.brbId}`}>
                          <Table.Td>
                            <Checkbox
                              aria-label={`Selecionar ${e.nomeEstudante}`}
                              checked={selected.has(e.brbId)}
                              onChange={(ev) => toggle(e.brbId, e.nomeEstudante, ev.currentTarget.checked)}
                            />
                          </Table.Td>
                          <Table.Th scope="row" fw={500}>
                            {e.nomeEstudante}
                          </Table.Th>
                          <Table.Td className="nowrap">{maskCPF(e.cpf)}</Table.Td>
                          <Table.Td>{e.ieSigla}</Table.Td>
                          <Table.Td className="nowrap">{e.numeroContrato}</Table.Td>
                          <Table.Td>{formatPeriod(e.ano, e.semestre)}</Table.Td>
                          <Table.Td ta="right" className="nowrap">
                            {formatBRL(e.valor)}
                          </Table.Td>
                          <Table.Td>{formatDate(e.geradoEm)}</Table.Td>
                          <Table.Td ta="right">{days(e.diasAguardando)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea>
                <Pager
                  total={formatInteger(page.total)}
                  noun={page.total === 1 ? 'aditivo' : 'aditivos'}
                  pages={page.totalPaginas}
                  page={page.pagina}
                  onChange={setPagina}
                />
              </>
            )}
          </>
        )}
      </QueryState>
      <Confirm
        opened={confirming}
        title={`Registrar ${formatInteger(selected.size)} assinatura(s)?`}
        confirmLabel={`Registrar ${formatInteger(selected.size)} assinatura(s)`}
        loading={sign.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          sign.mutate([...selected.keys()], {
            onSettled: () => {
              setConfirming(false);
              setSelected(new Map());
            },
          })
        }
      >
        <Text>
          O aditivo do semestre fica assinado e a renovação de cada estudante é finalizada; a IE é notificada. Não há
          como desfazer.
        </Text>
        <Text mt="xs" fw={500}>
          {names.slice(0, 8).join(', ')}
          {names.length > 8 ? ` e mais ${formatInteger(names.length - 8)}` : ''}
        </Text>
      </Confirm>
    </Stack>
  );
}
