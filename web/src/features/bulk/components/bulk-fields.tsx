import { Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { maskDate, toApiDate } from '../../../lib/format.ts';
import { useReasons } from '../api/bulk.ts';
import type { BulkField } from '../bulk-actions.ts';

export interface FieldValues {
  motivo: string;
  data: string;
  tipo: 'F' | 'E';
}

export const EMPTY_VALUES: FieldValues = { motivo: '', data: '', tipo: 'F' };

export type FieldErrors = Partial<Record<'motivo' | 'data' | 'tipo', string>>;

const TEXT_REASON = (m: string) => {
  const n = m.trim().length;
  return n < 3 || n > 500 ? 'Escreva o motivo com 3 a 500 caracteres.' : undefined;
};

/** Checks the form as the API does, so most mistakes are caught before anything is sent. */
export function checkFields(fields: BulkField[], v: FieldValues): FieldErrors {
  const errors: FieldErrors = {};
  const free = fields.includes('motivoTexto') || (fields.includes('tipoAfastamento') && v.tipo === 'E');
  if (free) errors.motivo = TEXT_REASON(v.motivo);
  if ((fields.includes('tipoAfastamento') && v.tipo === 'F') || fields.includes('motivoVinculo')) {
    if (!v.motivo) errors.motivo = 'Escolha o motivo.';
  }
  const required = fields.includes('dataOcorrido');
  if ((required || fields.includes('dataOpcional')) && (required || v.data)) {
    if (!toApiDate(v.data)) errors.data = 'Informe uma data real em dd/mm/aaaa, por exemplo 20/11/2026.';
  }
  for (const key of Object.keys(errors) as (keyof FieldErrors)[]) if (!errors[key]) delete errors[key];
  return errors;
}

/** The body fields of the action, from what was typed (already checked). */
export function bodyOf(fields: BulkField[], v: FieldValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (fields.includes('motivoTexto') || fields.includes('motivoVinculo')) body.motivo = v.motivo.trim();
  if (fields.includes('tipoAfastamento')) {
    body.tipo = v.tipo;
    body.motivo = v.motivo.trim();
  }
  if (v.data && (fields.includes('dataOcorrido') || fields.includes('dataOpcional'))) {
    body.dataOcorrido = toApiDate(v.data);
  }
  return body;
}

/** The action's fields, GOV.UK style: visible label, hint, the error beside the field. */
export function BulkFields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: BulkField[];
  values: FieldValues;
  errors: FieldErrors;
  onChange: (values: FieldValues) => void;
}) {
  const withdrawal = fields.includes('tipoAfastamento');
  const reasonsF = useReasons('F', withdrawal && values.tipo === 'F');
  const reasonsS = useReasons('S', fields.includes('motivoVinculo'));
  const set = (patch: Partial<FieldValues>) => onChange({ ...values, ...patch });
  const options = (data: { codigo: string; descricao: string }[] | undefined) =>
    (data ?? []).map((r) => ({ value: r.codigo, label: r.descricao }));
  return (
    <Stack gap="sm">
      {withdrawal && (
        <Radio.Group
          label="Tipo"
          description={hint('Afastamento: a matrícula fica suspensa. Evasão: o estudante deixou o curso.')}
          value={values.tipo}
          onChange={(tipo) => set({ tipo: tipo as 'F' | 'E', motivo: '' })}
        >
          <Stack gap={4} mt={4}>
            <Radio value="F" label="Afastamento" />
            <Radio value="E" label="Evasão" />
          </Stack>
        </Radio.Group>
      )}
      {(fields.includes('motivoVinculo') || (withdrawal && values.tipo === 'F')) && (
        <Select
          id="campo-motivo"
          label="Motivo"
          description={hint('Vale para todos os estudantes escolhidos.')}
          data={options(fields.includes('motivoVinculo') ? reasonsS.data : reasonsF.data)}
          value={values.motivo || null}
          onChange={(v) => set({ motivo: v ?? '' })}
          error={fieldError(errors.motivo)}
          searchable
        />
      )}
      {(fields.includes('motivoTexto') || (withdrawal && values.tipo === 'E')) && (
        <Textarea
          id="campo-motivo"
          label="Motivo"
          description={hint('De 3 a 500 caracteres. Vale para todos os estudantes escolhidos.')}
          value={values.motivo}
          onChange={(e) => {
            const motivo = e.currentTarget.value;
            set({ motivo });
          }}
          error={fieldError(errors.motivo)}
          autosize
          minRows={2}
        />
      )}
      {(fields.includes('dataOcorrido') || fields.includes('dataOpcional')) && (
        <TextInput
          id="campo-data"
          label={fields.includes('dataOcorrido') ? 'Data do ocorrido' : 'Data do ocorrido (opcional)'}
          description={hint('dd/mm/aaaa, por exemplo 20/11/2026; não pode ser futura.')}
          value={values.data}
          inputMode="numeric"
          onChange={(e) => {
            const data = maskDate(e.currentTarget.value);
            set({ data });
          }}
          error={fieldError(errors.data)}
          maw={200}
        />
      )}
    </Stack>
  );
}
