import { invalidField } from '../http/errors.js';
import { t } from '../http/i18n.js';
import { normalizeCpf } from './cpf.js';

/**
 * A CPF from a request (DOMAIN.md, "Values"): with or without mask, checked by its two check
 * digits and refused when all digits are the same; answers the 11 digits to store. Every
 * operation that takes a CPF goes through here, so none stores a masked or invalid one.
 */
export function cpfField(value: string, pointer: string): string {
  const cpf = normalizeCpf(value);
  if (!cpf) {
    throw invalidField(
      pointer,
      t(
        'não é um CPF válido: use 11 dígitos, com ou sem máscara, por exemplo 123.456.789-09',
        'is not a valid CPF: use 11 digits, with or without mask, for example 123.456.789-09',
      ),
    );
  }
  return cpf;
}
