import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, fieldErrors, generalMessage, problemMessage, toProblem } from './problem.ts';

describe('problem mapping', () => {
  const validation = {
    status: 400,
    detail: 'A requisição não é válida: /body/dataOcorrido deve ser uma data.',
    errors: [{ pointer: '/body/dataOcorrido', message: 'deve ser uma data' }],
  };

  it('puts a field error next to its field', () => {
    assert.deepEqual(fieldErrors(validation, ['dataOcorrido', 'motivo']), { dataOcorrido: 'deve ser uma data' });
    assert.equal(generalMessage(validation, ['dataOcorrido']), null);
  });

  it('keeps errors no field shows in the general message', () => {
    assert.deepEqual(fieldErrors(validation, ['motivo']), {});
    assert.equal(generalMessage(validation, ['motivo']), validation.detail);
  });

  it("shows the API's message for a conflict", () => {
    const conflict = { status: 409, detail: 'O estudante já está trancado.', erro: 'O estudante já está trancado.' };
    assert.equal(new ApiError(conflict).message, 'O estudante já está trancado.');
    assert.equal(generalMessage(conflict, ['dataOcorrido']), 'O estudante já está trancado.');
  });

  it('falls back to a sentence per status', () => {
    assert.equal(problemMessage(toProblem(401, '<html>')), 'Sua sessão expirou. Entre novamente.');
    assert.equal(problemMessage({ status: 418 }), 'Erro 418.');
  });
});
