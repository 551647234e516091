import { Alert, Button, Group, Radio, Select, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { Confirm } from './confirm.tsx';

/** Reasons the foundation gives most often; "Outro motivo" opens the free text. */
export const REJECT_REASONS = [
  'Percentual concedido diferente do contrato',
  'Valor do semestre acima do contrato de prestação de serviço',
  'Meses cobertos não conferem com a matrícula',
  'Documentação da matrícula pendente',
] as const;
const OTHER = 'Outro motivo';

const rowsText = (n: number) => `${formatInteger(n)} ${n === 1 ? 'linha' : 'linhas'}`;

/**
 * Accept or reject the selected rows (or every waiting row when none is selected), with the
 * reason for a rejection from the list or written; confirmed in a dialog naming the batch, the
 * count and the effect before anything is sent.
 */
export function BatchDecision({
  loteId,
  count,
  selected,
  pending,
  onDecide,
}: {
  loteId: number;
  count: number;
  selected: boolean;
  pending: boolean;
  onDecide: (decision: { aceitar: true } | { aceitar: false; motivo: string }, done: () => void) => void;
}) {
  const [decisao, setDecisao] = useState<'aceitar' | 'recusar'>('aceitar');
  const [motivo, setMotivo] = useState<string | null>(null);
  const [texto, setTexto] = useState('');
  const [errors, setErrors] = useState<{ motivo?: string; texto?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const reason = motivo === OTHER ? texto.trim() : (motivo ?? '');
  const scope = selected
    ? `${rowsText(count)} selecionada${count === 1 ? '' : 's'}`
    : `todas as ${rowsText(count)} aguardando`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (decisao === 'recusar' && !motivo) next.motivo = 'Escolha o motivo da recusa.';
    if (decisao === 'recusar' && motivo === OTHER && texto.trim().length < 3)
      next.texto = 'Escreva o motivo, com ao menos 3 letras.';
    setErrors(next);
    if (Object.keys(next).length > 0) {
      document.getElementById(next.motivo ? 'motivo-recusa' : 'motivo-texto')?.focus();
      return;
    }
    setConfirming(true);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Decidir linhas do lote ${loteId}`}>
      <Stack gap="xs">
        {Object.keys(errors).length > 0 && (
          <Alert color="red.9" role="alert" title="Corrija antes de continuar">
            {errors.motivo ?? errors.texto}
          </Alert>
        )}
        <Radio.Group
          label="Decisão"
          description={hint(`Vale para ${scope}.`)}
          value={decisao}
          onChange={(v) => setDecisao(v as 'aceitar' | 'recusar')}
        >
          <Group mt={4}>
            <Radio value="aceitar" label="Aceitar (gera o aditivo para assinatura)" />
            <Radio value="recusar" label="Recusar (a IE corrige e envia de novo)" />
          </Group>
        </Radio.Group>
        {decisao === 'recusar' && (
          <>
            <Select
              id="motivo-recusa"
              label="Motivo da recusa"
              description={hint('A IE lê este motivo na notificação e na linha do tempo de cada estudante.')}
              placeholder="Escolha um motivo"
              data={[...REJECT_REASONS, OTHER]}
              value={motivo}
              onChange={setMotivo}
              error={fieldError(errors.motivo)}
              maw={520}
            />
            {motivo === OTHER && (
              <Textarea
                id="motivo-texto"
                label="Escreva o motivo"
                description={hint('De 3 a 500 caracteres.')}
                autosize
                minRows={2}
                maxLength={500}
                value={texto}
                onChange={(e) => setTexto(e.currentTarget.value)}
                error={fieldError(errors.texto)}
                maw={520}
              />
            )}
          </>
        )}
        <Group>
          <Button
            type="submit"
            color={decisao === 'aceitar' ? 'teal.9' : 'red.9'}
            loading={pending}
            disabled={count === 0}
          >
            {decisao === 'aceitar' ? 'Aceitar' : 'Recusar'} {scope}
          </Button>
        </Group>
      </Stack>
      <Confirm
        opened={confirming}
        title={`${decisao === 'aceitar' ? 'Aceitar' : 'Recusar'} linhas do lote ${loteId}?`}
        confirmLabel={`${decisao === 'aceitar' ? 'Aceitar' : 'Recusar'} ${rowsText(count)}`}
        danger={decisao === 'recusar'}
        loading={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          onDecide(decisao === 'aceitar' ? { aceitar: true } : { aceitar: false, motivo: reason }, () =>
            setConfirming(false),
          )
        }
      >
        {decisao === 'aceitar'
          ? `Lote ${loteId}: ${rowsText(count)} ${count === 1 ? 'será aceita' : 'serão aceitas'}. Para cada estudante é gerado o aditivo do semestre, que passa a aguardar a assinatura; a IE é notificada. Não há como desfazer.`
          : `Lote ${loteId}: ${rowsText(count)} ${count === 1 ? 'será recusada' : 'serão recusadas'} com o motivo "${reason}". Os estudantes voltam a Apto e a IE é notificada para corrigir e enviar de novo.`}
      </Confirm>
    </form>
  );
}
