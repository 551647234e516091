import { Alert, Anchor, Button, Card, FileInput, List, Progress, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { errorSheetFile, useResend } from '../api/batches.ts';

/**
 * Re-send of a batch's refused rows (with errors, or refused by the foundation): download them as
 * the values sheet, pre-filled with what was sent, correct the cells and upload the file; it
 * becomes a new batch. The refused entries are back in APTO, so the re-send is a plain send.
 */
export function ResendPanel({ loteId, refused }: { loteId: number; refused: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useResend(setProgress);
  const problem = useRef<HTMLDivElement>(null);
  const result = upload.data;

  // One current error, and it takes focus so a screen reader hears it.
  useEffect(() => {
    if (upload.error) problem.current?.focus();
  }, [upload.error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    upload.reset();
    if (!file) return setLocal('Escolha a planilha corrigida (.csv ou .xlsx).');
    if (!/\.(csv|xlsx)$/i.test(file.name)) return setLocal('A planilha deve ser .csv ou .xlsx.');
    setLocal(null);
    setProgress(0);
    upload.mutate({ file, reenvio: false });
  };

  return (
    <Card withBorder component="section" aria-labelledby="reenvio-titulo" data-testid="reenvio">
      <Stack gap="sm">
        <Title order={2} size="h4" id="reenvio-titulo">
          Reenviar as linhas recusadas
        </Title>
        <List type="ordered" size="sm">
          <List.Item>
            Baixe as {formatInteger(refused)} linhas recusadas já preenchidas com o que foi enviado.
          </List.Item>
          <List.Item>Corrija as células indicadas em “Problemas” e salve o arquivo.</List.Item>
          <List.Item>Envie o arquivo corrigido: ele vira um novo lote.</List.Item>
        </List>
        <ExportMenu
          label="Baixar linhas recusadas"
          name={`lote-${loteId}-recusadas`}
          what={`do lote ${loteId}`}
          request={errorSheetFile(loteId)}
        />
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <FileInput
              label="Planilha corrigida"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(f) => {
                setFile(f);
                setLocal(null);
              }}
              clearable
              clearButtonProps={{ 'aria-label': 'Remover arquivo escolhido' }}
              description={hint('A planilha baixada acima, com as correções. A linha 1 é o cabeçalho.')}
              error={fieldError(local)}
              maw={480}
            />
            {upload.isPending && (
              <>
                <Progress value={Math.round(progress * 100)} aria-label="Envio da planilha" animated size="lg" />
                <Text size="sm" role="status">
                  Enviando… {Math.round(progress * 100)}%
                </Text>
              </>
            )}
            {upload.error && (
              <Alert color="red" role="alert" title="O reenvio não foi aceito" ref={problem} tabIndex={-1}>
                {upload.error.message}
              </Alert>
            )}
            <div>
              <Button type="submit" loading={upload.isPending}>
                Reenviar linhas corrigidas
              </Button>
            </div>
          </Stack>
        </form>
        {result && (
          <Alert
            color={result.registrosComErro > 0 ? 'yellow' : 'teal'}
            role="status"
            title={`Novo lote ${result.lote} criado`}
            data-testid="resultado-reenvio"
          >
            <Text size="sm">
              {formatInteger(result.arquivo.linhas)} linhas lidas: {formatInteger(result.registrosComSucesso)} aceitas,{' '}
              {formatInteger(result.registrosComErro)} com erro, {formatInteger(result.registrosPendentes)} pendentes.
            </Text>
            <Anchor component={Link} to={`/lotes/${result.lote}`}>
              Abrir o lote {result.lote}
            </Anchor>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
