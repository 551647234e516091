import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatInteger } from '../../../lib/format.ts';
import { BULK_ACTION_LABEL } from '../../../lib/labels.ts';
import { type BulkFilters, useStartBulk } from '../api/bulk.ts';
import { BULK_SPECS } from '../bulk-actions.ts';
import { BulkFields, bodyOf, checkFields, EMPTY_VALUES, type FieldErrors, type FieldValues } from './bulk-fields.tsx';

export interface BulkTarget {
  /** The chosen entries, or every entry the filters list. */
  brbIds?: number[];
  filtros?: BulkFilters;
  count: number;
  /** Names of a few chosen students, for the confirmation. */
  names?: string[];
}

const students = (n: number) => `${formatInteger(n)} ${n === 1 ? 'estudante' : 'estudantes'}`;

/**
 * The bulk action's form, then its confirmation naming how many students and the effect, then
 * the start (the result page follows its progress). `preset` skips the form (retrying refused
 * entries with the fields they were sent with).
 */
export function BulkDialog({
  acao,
  target,
  preset,
  onClose,
}: {
  acao: string;
  target: BulkTarget;
  preset?: Record<string, unknown>;
  onClose: () => void;
}) {
  const spec = BULK_SPECS[acao]!;
  const label = BULK_ACTION_LABEL[acao] ?? acao;
  const [values, setValues] = useState<FieldValues>(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [body, setBody] = useState<Record<string, unknown> | null>(preset ?? null);
  const start = useStartBulk();
  const navigate = useNavigate();
  const summary = useRef<HTMLDivElement>(null);
  // One key per confirmation: a double click or a retry after a lost answer starts nothing twice.
  const key = useRef(crypto.randomUUID());

  const next = () => {
    const found = checkFields(spec.fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setTimeout(() => summary.current?.focus(), 0);
      return;
    }
    setBody(bodyOf(spec.fields, values));
  };
  const confirm = () =>
    start.mutate(
      { acao, fields: body!, brbIds: target.brbIds, filtros: target.filtros, key: key.current },
      { onSuccess: (bulk) => navigate(`/acoes-em-lote/${bulk.id}`) },
    );

  return (
    <Modal opened onClose={onClose} title={`${label} em lote`} size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {body === null ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            next();
          }}
        >
          <Stack gap="sm">
            <Text>
              {label} de {students(target.count)}. Os dados abaixo valem para todos.
            </Text>
            {Object.keys(errors).length > 0 && (
              <Alert color="red" title="Corrija para continuar" ref={summary} tabIndex={-1} role="alert">
                <List size="sm">
                  {errors.tipo && <List.Item>{errors.tipo}</List.Item>}
                  {errors.motivo && (
                    <List.Item>
                      <a href="#campo-motivo">{errors.motivo}</a>
                    </List.Item>
                  )}
                  {errors.data && (
                    <List.Item>
                      <a href="#campo-data">{errors.data}</a>
                    </List.Item>
                  )}
                </List>
              </Alert>
            )}
            <BulkFields fields={spec.fields} values={values} errors={errors} onChange={setValues} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit">Continuar</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm" data-testid="confirmacao-lote">
          <Text fw={600}>
            Confirmar: {label.toLowerCase()} de {students(target.count)}?
          </Text>
          <Text>
            Cada estudante {spec.effect}. {spec.irreversible ? 'Não é possível desfazer pelo portal.' : ''}
          </Text>
          {target.names && target.names.length > 0 && (
            <Text size="sm" c="gray.7">
              {target.names.slice(0, 5).join(', ')}
              {target.count > 5 ? ` e mais ${formatInteger(target.count - 5)}` : ''}.
            </Text>
          )}
          <Text size="sm" c="gray.7">
            Cada estudante é processado sozinho, com as mesmas regras de uma ação individual: quem não puder receber a
            ação fica como recusado, com o motivo, e os demais seguem.
          </Text>
          {start.error && (
            <Alert color="red" role="alert" title="A ação em lote não começou">
              {start.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={preset ? onClose : () => setBody(null)}>
              {preset ? 'Cancelar' : 'Voltar'}
            </Button>
            <Button color={spec.irreversible ? 'red.9' : undefined} onClick={confirm} loading={start.isPending}>
              Confirmar para {students(target.count)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
