import { sql } from 'kysely';
import { month, type Step, send } from '../helpers/demo-walk.js';
import { multipartBody } from '../helpers/values-factories.js';

/**
 * The demo walk's last steps: a ticket's type, a values sheet, inserting a beneficiary, refreshing
 * and opening journeys. Opening runs last: it adds a journey (of the regularization type, the one
 * the demo has none of yet; each IE's renewal journey of the period is open, so opening another
 * renewal one is refused, as DOMAIN.md says).
 */

/** Opens a regularization journey for an IE, of the period of IE 1's open renewal journey (every IE's). */
const openRegularization = (op: string, url: string, body: Record<string, unknown>, ie: number): Step => ({
  op,
  how: `a regularization journey of the open period, as IE ${ie}`,
  run: async (w) => {
    const j = await w.one(
      sql<{ ano: number; semestre: number }>`select ano, semestre from jornada where id = ${await w.openJourney()}`,
      'journey',
    );
    return w.call('POST', url, 'IE', { ...body, ano: j.ano, semestre: j.semestre }, undefined, ie);
  },
});

export const JOURNEYS: Step[] = [
  {
    op: 'PUT /atualizar-tipo-ticket',
    how: 'a ticket of IE 1 whose request is in progress, found in its ticket list, to another type',
    run: async (w) => {
      const listed = await w.call('GET', '/s/v2/tickets?tamanho=100');
      const tickets = (listed.json() as { itens: { id: number; tipo: string; statusSolicitacao: string }[] }).itens;
      const ticket = tickets.find((x) => x.statusSolicitacao === 'EM_ANDAMENTO');
      if (!ticket) throw new Error(`IE 1 lists no ticket whose request is in progress: ${listed.body}`);
      return w.call('PUT', '/atualizar-tipo-ticket', 'IE', {
        idTicket: ticket.id,
        tipo: ticket.tipo === 'DUVIDA' ? 'DOCUMENTACAO' : 'DUVIDA',
      });
    },
  },
  {
    op: 'POST /s/v1/contrato/valores/importar-lote',
    how: 'a CSV sheet with one APTO entry of IE 1',
    run: async (w) => {
      const [e] = await w.entries('APTO');
      const csv = [
        'brbId,nomeEstudante,qtdParcelasCobertura,valorCtrPrestServico,percentualConcedido,valorContrato,parcMeses',
        `${e!.id},Estudante da demonstração,6,9000.00,50,4500.00,`,
      ].join('\r\n');
      const { payload, headers } = multipartBody({ filename: 'valores.csv', content: csv, type: 'text/csv' });
      return w.call('POST', '/s/v1/contrato/valores/importar-lote', 'IE', payload, headers);
    },
  },
  {
    op: 'POST /s/v1/insere-jornada',
    how: 'first candidate of GET /s/v1/insere-jornada into the open journey',
    run: async (w) => {
      const journeyId = await w.openJourney();
      const listed = await w.call('GET', `/s/v1/insere-jornada?journeyId=${journeyId}`);
      const first = (listed.json().itens as { contratoId: number }[] | undefined)?.[0];
      if (!first) return listed;
      return w.call('POST', '/s/v1/insere-jornada', 'IE', { journeyId, contratoId: first.contratoId });
    },
  },
  {
    op: 'POST /s/v2/renovacao/jornadas/atualizar',
    how: "IE 1's open journey",
    run: (w) => w.call('POST', '/s/v2/renovacao/jornadas/atualizar', 'IE', {}),
  },
  send(
    'POST /s/operador/repasse/ajustes',
    { ieId: 1, competencia: month(0), valor: 10.5, descricao: 'Ajuste de demonstração' },
    'OPERADOR',
  ),
  // One open journey of a type per IE: IE 3 through the path naming the type, IE 2 through the body
  // (the two smaller IEs: opening takes every renewable contract of the IE).
  openRegularization(
    'POST /s/v2/renovacao/jornadas/{tipo}/abrir',
    '/s/v2/renovacao/jornadas/REGULARIZACAO/abrir',
    {},
    3,
  ),
  openRegularization(
    'POST /s/v2/renovacao/jornadas/abrir',
    '/s/v2/renovacao/jornadas/abrir',
    { tipo: 'REGULARIZACAO' },
    2,
  ),
];
