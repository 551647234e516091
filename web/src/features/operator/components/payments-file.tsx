import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { formatBRL, formatInteger } from '../../../lib/format.ts';
import { labelOf, RESULTADO_ARQUIVO_LABEL } from '../../../lib/labels.ts';
import { useImportPaymentsFile } from '../api/payments.ts';
import { Confirm } from './confirm.tsx';

const COLOR: Record<string, string> = { REGISTRADO: 'teal.9', RECUSADO: 'red.9', JA_REGISTRADO: 'gray.8' };

/**
 * The bank's return file (CSV or xlsx: contract number or CPF, payment date, amount), imported as
 * one batch with a result per row. Sending the same file again records nothing twice.
 */
export function PaymentsFile() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const upload = useImportPaymentsFile(setProgress);
  const result = upload.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Escolha o arquivo de pagamentos (.csv ou .xlsx).');
      return;
    }
    if (!/\.(csv|xlsx)$/i.test(file.name)) {
      setError('O arquivo deve ser .csv ou .xlsx.');
      return;
    }
    setError(null);
    setConfirming(true);
  };

  return (
    <Card withBorder component="section" aria-labelledby="arquivo-pagamentos-titulo">
      <Stack gap="sm">
        <Title order={2} size="h3" id="arquivo-pagamentos-titulo">
          Arquivo de pagamentos do banco
        </Title>
        <Text size="sm">
          Uma linha por pagamento, com as colunas <strong>contrato</strong> (como aparece no portal, 2025.000001445) ou{' '}
          <strong>cpf</strong>, <strong>data do pagamento</strong> (dd/mm/aaaa) e <strong>valor</strong> (1.234,56).
          Cada linha segue as regras de um pagamento; enviar o mesmo arquivo de novo não registra nada duas vezes.
        </Text>
        <form onSubmit={submit} noValidate aria-label="Importar arquivo de pagamentos">
          <Group align="flex-end">
            <FileInput
              label="Arquivo"
              description={hint('.csv ou .xlsx, até 5 MB')}
              accept=".csv,.xlsx"
              value={file}
              onChange={(f) => {
                setFile(f);
                upload.reset();
              }}
              error={fieldError(error)}
              w={{ base: '100%', sm: 360 }}
            />
            <Button type="submit" loading={upload.isPending}>
              Importar pagamentos
            </Button>
          </Group>
        </form>
        {upload.isPending && <Progress value={progress * 100} aria-label="Envio do arquivo" />}
        {upload.error && (
          <Alert color="red.9" role="alert">
            {upload.error.message}
          </Alert>
        )}
        {result && (
          <Stack gap="xs" data-testid="resultado-arquivo">
            <Alert variant="outline" color={result.recusadas > 0 ? 'red.9' : 'teal.9'} role="status">
              {result.nome}: {formatInteger(result.registradas)} registrado(s), {formatInteger(result.recusadas)}{' '}
              recusado(s), {formatInteger(result.jaRegistradas)} já registrado(s) antes, de{' '}
              {formatInteger(result.total)}.
              {result.mesmoArquivoAnterior && ' Este arquivo já tinha sido enviado: nada foi registrado duas vezes.'}
            </Alert>
            <ScrollArea type="auto" className="tabela-rolavel">
              <Table withTableBorder striped miw={760}>
                <caption className="legenda">Resultado por linha do arquivo {result.nome}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Linha</Table.Th>
                    <Table.Th scope="col">Contrato ou CPF</Table.Th>
                    <Table.Th scope="col">Data</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Valor
                    </Table.Th>
                    <Table.Th scope="col">Resultado</Table.Th>
                    <Table.Th scope="col">Detalhe</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.linhas.map((l) => (
                    <Table.Tr key={l.linha} data-testid={`arquivo-linha-${l.linha}`}>
                      <Table.Th scope="row">{l.linha}</Table.Th>
                      <Table.Td className="nowrap">{l.contrato ?? l.cpf ?? '—'}</Table.Td>
                      <Table.Td>{l.dataPagamento ?? '—'}</Table.Td>
                      <Table.Td ta="right">{l.valor ?? '—'}</Table.Td>
                      <Table.Td>
                        <Badge color={COLOR[l.resultado]} tt="none">
                          {labelOf(RESULTADO_ARQUIVO_LABEL, l.resultado)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {l.pagamento
                          ? `Parcela(s) ${l.pagamento.alocacoes.map((a) => a.parcela).join(', ')}; saldo do contrato ${formatBRL(l.pagamento.saldoContrato)}`
                          : l.mensagem}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Stack>
        )}
      </Stack>
      <Confirm
        opened={confirming}
        title={`Importar ${file?.name ?? ''}?`}
        confirmLabel="Importar e registrar"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (file) upload.mutate(file);
        }}
      >
        Cada linha válida do arquivo vira um pagamento registrado, que entra no repasse do mês às IEs. Linhas já
        registradas por um arquivo anterior não são registradas de novo.
      </Confirm>
    </Card>
  );
}
