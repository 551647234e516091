import { sql } from 'kysely';
import { month, type Step } from '../helpers/demo-walk.js';
import { multipartBody } from '../helpers/values-factories.js';

/**
 * The demo walk's last steps: a ticket's type, a values sheet, inserting a beneficiary, refreshing
 * and opening journeys. Opening runs last: it adds a journey (of the regularization type, the one
 * the demo has none of yet; the renewal journey of 2026/2 is open, so opening another renewal one
 * is refused, as DOMAIN.md says).
 */

export const JOURNEYS: Step[] = [
  {
    op: 'PUT /atualizar-tipo-ticket',
    how: 'an open ticket of IE 1 (no operation lists tickets: id from the database), to another type',
    run: async (w) => {
      const ticket = await w.one(
        sql<{
          id: number;
          tipo: string;
        }>`select id, tipo from ticket where ie_id = 1 and status <> 'FECHADO' order by id limit 1`,
        'open ticket of IE 1',
      );
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
  {
    op: 'POST /s/operador/repasse/ajustes',
    how: "the foundation's adjustment of this month",
    run: (w) =>
      w.call('POST', '/s/operador/repasse/ajustes', 'OPERADOR', {
        ieId: 1,
        competencia: month(0),
        valor: 10.5,
        descricao: 'Ajuste de demonstração',
      }),
  },
  {
    op: 'POST /s/v2/renovacao/jornadas/{tipo}/abrir',
    how: 'a regularization journey of the open period',
    run: async (w) => {
      const j = await w.one(
        sql<{ ano: number; semestre: number }>`select ano, semestre from jornada where id = ${await w.openJourney()}`,
        'journey',
      );
      return w.call('POST', '/s/v2/renovacao/jornadas/REGULARIZACAO/abrir', 'IE', { ano: j.ano, semestre: j.semestre });
    },
  },
  {
    op: 'POST /s/v2/renovacao/jornadas/abrir',
    how: 'a regularization journey of the open period, as IE 2 (IE 1 has one now)',
    run: async (w) => {
      const j = await w.one(
        sql<{ ano: number; semestre: number }>`select ano, semestre from jornada where id = ${await w.openJourney()}`,
        'journey',
      );
      const body = { tipo: 'REGULARIZACAO', ano: j.ano, semestre: j.semestre };
      return w.call('POST', '/s/v2/renovacao/jornadas/abrir', 'IE', body, undefined, 2);
    },
  },
];
