import { Alert, Button, Card, Checkbox, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { type SheetFormat, useDownload, useImportSheet } from '../api/values.ts';
import { BatchErrors } from './batch-errors.tsx';

/** Sheet import: pick a .csv/.xlsx, watch it upload, then read the batch's result row by row. */
export function ImportPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [reenvio, setReenvio] = useState(false);
  const [local, setLocal] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useImportSheet(setProgress);
  const download = useDownload();
  const result = upload.data;

  // One current error per form: a new file or a new attempt clears what the last one said.
  const choose = (next: File | null) => {
    setFile(next);
    setLocal(null);
    upload.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    upload.reset();
    if (!file) return setLocal('Escolha uma planilha .csv ou .xlsx.');
    if (!/\.(csv|xlsx)$/i.test(file.name)) return setLocal('A planilha deve ser .csv ou .xlsx.');
    setLocal(null);
    setProgress(0);
    upload.mutate({ file, reenvio });
  };
  const errorsSheet = (formato: SheetFormat) =>
    result && download.mutate({ kind: 'erros', loteId: result.lote, formato });

  return (
    <Card withBorder component="section" aria-labelledby="importar-titulo">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="importar-titulo">
            Importar planilha
          </Title>
          <FileInput
            label="Planilha de valores"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={choose}
            clearable
            clearButtonProps={{ 'aria-label': 'Remover arquivo escolhido' }}
            description={hint('Colunas do modelo; a linha 1 é o cabeçalho.')}
            error={fieldError(local)}
          />
          <Checkbox
            label="Reenvio (substitui valores ainda em processamento)"
            checked={reenvio}
            onChange={(e) => setReenvio(e.currentTarget.checked)}
          />
          {upload.isPending && (
            <Progress value={Math.round(progress * 100)} aria-label="Envio da planilha" animated size="lg" />
          )}
          {upload.isPending && (
            <Text size="sm" role="status">
              Enviando… {Math.round(progress * 100)}%
            </Text>
          )}
          {upload.error && !local && (
            <Alert color="red" role="alert" data-testid="erro-importacao">
              {upload.error.message}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={upload.isPending}>
              Importar
            </Button>
          </Group>
        </Stack>
      </form>
      {result && (
        <Stack gap="xs" mt="md" data-testid="resultado-lote">
          <Title order={3} size="h5">
            Lote {result.lote}: {result.arquivo.nome}
          </Title>
          <Text role="status">
            {result.arquivo.linhas} linhas lidas: {result.registrosComSucesso} aceitas, {result.registrosComErro} com
            erro, {result.registrosPendentes} pendentes.
          </Text>
          {result.registrosComErro > 0 && (
            <>
              <Group>
                <Button variant="default" onClick={() => errorsSheet('csv')} loading={download.isPending}>
                  Baixar linhas com erro (CSV)
                </Button>
                <Button variant="default" onClick={() => errorsSheet('xlsx')} loading={download.isPending}>
                  Baixar linhas com erro (xlsx)
                </Button>
              </Group>
              {download.error && (
                <Alert color="red" role="alert">
                  {download.error.message}
                </Alert>
              )}
              <BatchErrors loteId={result.lote} summaries={result.linhasComErro} />
            </>
          )}
        </Stack>
      )}
    </Card>
  );
}
