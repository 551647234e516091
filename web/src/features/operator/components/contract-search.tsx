import { Button, Group, Radio, ScrollArea, Stack, Table, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatBRL, formatInteger, maskCPF } from '../../../lib/format.ts';
import { type Contract, useContractSearch } from '../api/payments.ts';

/** Finds the contract to pay as people know it: its number as shown, the student's CPF or name. */
export function ContractSearch({ onPick, picked }: { onPick: (c: Contract) => void; picked: Contract | null }) {
  const [typed, setTyped] = useState('');
  const [busca, setBusca] = useState('');
  const [error, setError] = useState<string | null>(null);
  const found = useContractSearch(busca);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    if (text.replace(/[^\p{L}\d]/gu, '').length < 3) {
      setError('Informe o número do contrato (2025.000001445), o CPF ou ao menos 3 letras do nome.');
      return;
    }
    setError(null);
    setBusca(text);
  };

  return (
    <Stack gap="xs">
      <form onSubmit={submit} noValidate aria-label="Buscar contrato">
        <Group align="flex-end">
          <TextInput
            label="Contrato, CPF ou nome do estudante"
            description={hint(
              'O número como aparece no portal (2025.000001445), o CPF (000.000.000-00) ou parte do nome',
            )}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={fieldError(error)}
            w={{ base: '100%', sm: 440 }}
          />
          <Button type="submit" variant="light">
            Buscar
          </Button>
        </Group>
      </form>
      {busca && (
        <QueryState query={found} loading="Buscando contratos…">
          {(itens) =>
            itens.length === 0 ? (
              <Empty>Nenhum contrato encontrado para “{busca}”.</Empty>
            ) : (
              <Radio.Group
                value={picked ? String(picked.contratoId) : null}
                onChange={(v) => onPick(itens.find((c) => String(c.contratoId) === v)!)}
                label={`${formatInteger(itens.length)} contrato(s) encontrado(s): escolha o que foi pago`}
              >
                <ScrollArea type="auto" className="tabela-rolavel" mt="xs">
                  <Table withTableBorder striped miw={760}>
                    <caption className="legenda">Contratos encontrados</caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Escolher</Table.Th>
                        <Table.Th scope="col">Contrato</Table.Th>
                        <Table.Th scope="col">Estudante</Table.Th>
                        <Table.Th scope="col">CPF</Table.Th>
                        <Table.Th scope="col">IE</Table.Th>
                        <Table.Th scope="col">Próxima parcela</Table.Th>
                        <Table.Th scope="col" ta="right">
                          Saldo em aberto
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {itens.map((c) => (
                        <Table.Tr key={c.contratoId}>
                          <Table.Td>
                            <Radio
                              value={String(c.contratoId)}
                              aria-label={`Contrato ${c.numeroContrato} de ${c.nomeEstudante}`}
                            />
                          </Table.Td>
                          <Table.Th scope="row" className="nowrap" fw={500}>
                            {c.numeroContrato}
                          </Table.Th>
                          <Table.Td>{c.nomeEstudante}</Table.Td>
                          <Table.Td className="nowrap">{maskCPF(c.cpf)}</Table.Td>
                          <Table.Td>{c.ie.sigla}</Table.Td>
                          <Table.Td>
                            {c.proximaParcela
                              ? `${c.proximaParcela.numero}/${c.totalParcelas}: ${formatBRL(c.proximaParcela.saldo)}`
                              : c.totalParcelas === 0
                                ? 'Sem parcelas'
                                : 'Todas pagas'}
                          </Table.Td>
                          <Table.Td ta="right" className="nowrap">
                            {formatBRL(c.saldoAberto)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea>
              </Radio.Group>
            )
          }
        </QueryState>
      )}
    </Stack>
  );
}
