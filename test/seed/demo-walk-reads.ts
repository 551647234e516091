import { sql } from 'kysely';
import { month, onEntry, read, type Step, send, type Walker } from '../helpers/demo-walk.js';

/**
 * The demo walk's reads: lists without an id, then reads of one thing whose id a list (or, where
 * no operation lists it, the database) gives. They run first, on the demo as seeded.
 */

const itemsOf = (body: string) => {
  const parsed = JSON.parse(body) as unknown;
  const o = parsed as Record<string, unknown>;
  return (Array.isArray(parsed) ? parsed : (o.itens ?? o.notificacoes ?? o.usuarios ?? o.jornadas)) as Record<
    string,
    unknown
  >[];
};
/** The id of IE 1's group and its active convênio (no operation lists group ids with their IE). */
const ieOne = (w: Walker) =>
  w.one(
    sql<{ grupo: number; convenio: number }>`select i.grupo_ie_id as grupo, c.id as convenio
      from ie i join convenio c on c.ie_id = i.id where i.id = 1 and c.ativo order by c.id limit 1`,
    'IE 1 with an active convênio',
  );

export const READS: Step[] = [
  read('GET /s/v1/contrato/situacao-matricula/tipos'),
  read('GET /s/v1/contrato/situacao-matricula/situacoes'),
  read('GET /s/v1/contrato/situacao-matricula/situacoes-restituicao'),
  read('GET /motivo-espera'),
  read('GET /s/v1/contrato/situacao-matricula/motivos'),
  read('GET /s/v2/renovacao/referencias/acoes-timeline'),
  read('GET /s/v2/mais-acoes/situacoes', '/s/v2/mais-acoes/situacoes?exclusaoCancelamento=true'),
  read('GET /s/v2/renovacao/planilhas-auxiliares/turnos'),
  read('GET /s/v2/renovacao/planilhas-auxiliares/cursos'),
  read('GET /s/v2/renovacao/planilhas-auxiliares/campus'),
  read('GET /s/v2/ies/notificacoes'),
  read('GET /s/v2/ies/notificacoes/historico'),
  read('GET /s/v2/renovacao/jornadas'),
  read('GET /s/v2/renovacao/jornadas/groups'),
  read('GET /s/v2/renovacao/jornadas/tipos'),
  read('GET /s/v1/contrato/mais-acoes/obter-preferencia-grupoie'),
  read('GET /s/v1/beta/convenios'),
  read('GET /s/v1/beta/convenios/obter-preferencia-grupoie'),
  // Every tab has its own static path, which the router prefers: a tab value is how a client calls it.
  read('GET /s/v2/renovacao/{renewalTabEnum}', '/s/v2/renovacao/em-processamento?pagina=2'),
  read('GET /s/v2/renovacao/aptos'),
  read('GET /s/v2/renovacao/em-processamento'),
  read('GET /s/v2/renovacao/finalizados'),
  read('GET /s/v2/renovacao/sem-renovacao'),
  read('GET /s/v2/renovacao/manutencao-vinculo/estudantes'),
  read('GET /s/v2/manutencao-vinculo/estudantes'),
  read('GET /s/v2/renovacao/manutencao-vinculo'),
  read('GET /s/v2/manutencao-vinculo'),
  read('GET /s/v3/renovacao/journey'),
  read('GET /s/v2/renovacao/jornadas/listar', '/s/v2/renovacao/jornadas/listar?journeyId={journeyId}'),
  read('GET /s/v2/renovacao/tags'),
  read('GET /s/v3/estudantes/pendentes-assinatura'),
  read('GET /api/v3/estudantes/pendentes-assinatura', '/api/v3/estudantes/pendentes-assinatura', 'API'),
  read('GET /s/v2/renovacao/dashboard/contadores'),
  read('GET /s/v3/renovacao/carousel'),
  read('GET /s/v2/renovacao/autocomplete', '/s/v2/renovacao/autocomplete?termo=mar'),
  read(
    'GET /s/v2/renovacao/manutencao-vinculo/estudantes/autocomplete',
    '/s/v2/renovacao/manutencao-vinculo/estudantes/autocomplete?termo=mar',
  ),
  read(
    'GET /s/v2/manutencao-vinculo/estudantes/autocomplete',
    '/s/v2/manutencao-vinculo/estudantes/autocomplete?termo=mar',
  ),
  read('GET /s/v2/renovacao/filtros'),
  read('GET /s/v1/insere-jornada', '/s/v1/insere-jornada?journeyId={journeyId}'),
  read('GET /s/v1/contrato/valores/importar-lote/modelo'),
  read('GET /s/lotes'),
  read('GET /s/auditoria'),
  read('GET /s/v2/preferencias/email'),
  read('GET /s/v2/webhooks/eventos'),
  read('GET /s/v2/repasse/{competencia}', `/s/v2/repasse/${month(-1)}`, 'OPERADOR'),
  {
    op: 'GET /s/v2/renovacao/jornadas/{journeyId}',
    how: 'first journey of GET /s/v2/renovacao/jornadas',
    run: async (w) => {
      const [first] = itemsOf((await w.call('GET', '/s/v2/renovacao/jornadas')).body);
      return w.call('GET', `/s/v2/renovacao/jornadas/${first!.id ?? first!.journeyId}`);
    },
  },
  {
    op: 'GET /s/v1/beta/convenios/{grbId}',
    how: "IE 1's group id",
    run: async (w) => w.call('GET', `/s/v1/beta/convenios/${(await ieOne(w)).grupo}`),
  },
  {
    op: 'GET /s/v2/contrato/valores/calcular-parcelas-reembolso',
    how: 'a contract of IE 1 in restitution (from the database)',
    run: async (w) => {
      const c = await w.one(
        sql<{
          id: number;
        }>`select id from contrato where ie_id = 1 and inicio_restituicao is not null order by id limit 1`,
        'contract of IE 1 with a restitution start',
      );
      return w.call('GET', `/s/v2/contrato/valores/calcular-parcelas-reembolso?contratoId=${c.id}`);
    },
  },
  ...(['AFASTAMENTO_EVASAO', 'TRANCAMENTO'] as const).map(
    (tipo): Step => ({
      op:
        tipo === 'TRANCAMENTO'
          ? 'GET /s/v1/tarefas/detalhes-trancamento/{solicitationId}'
          : 'GET /s/v1/tarefas/detalhes/{solicitationId}',
      how: `a ${tipo} request of IE 1 with a task (no operation lists request ids: from the database)`,
      run: async (w) => {
        const s = await w.one(
          sql<{ id: number }>`select s.id from solicitacao s where s.ie_id = 1 and s.tipo = ${tipo}
            and exists (select 1 from tarefa x where x.solicitacao_id = s.id) order by s.id limit 1`,
          `${tipo} request with a task`,
        );
        const kind = tipo === 'TRANCAMENTO' ? 'detalhes-trancamento' : 'detalhes';
        return w.call('GET', `/s/v1/tarefas/${kind}/${s.id}`);
      },
    }),
  ),
  onEntry('GET /s/v2/status-contrato/{brbId}/brb-id', 'APTO', null, (w, e) =>
    w.call('GET', `/s/v2/status-contrato/${e.id}/brb-id`),
  ),
  onEntry('GET /s/v2/renovacao/status-contrato/{brbId}/brb-id', 'APTO', null, (w, e) =>
    w.call('GET', `/s/v2/renovacao/status-contrato/${e.id}/brb-id`),
  ),
  onEntry('GET /s/v2/renovacao/{brbId}/existe-andamento', 'APTO', null, (w, e) =>
    w.call('GET', `/s/v2/renovacao/${e.id}/existe-andamento`),
  ),
  onEntry('GET /s/v1/processo-solicitacao/{processId}/existe-andamento', 'APTO', null, (w, e) =>
    w.call('GET', `/s/v1/processo-solicitacao/${e.processo_id}/existe-andamento`),
  ),
  onEntry('GET /s/v2/processos/{processId}/timeline', 'EM_PROCESSAMENTO', null, (w, e) =>
    w.call('GET', `/s/v2/processos/${e.processo_id}/timeline`),
  ),
  onEntry('GET /s/v1/tarefas/situacao/{processId}', 'SEM_RENOVACAO', 'AFASTAMENTO', (w, e) =>
    w.call('GET', `/s/v1/tarefas/situacao/${e.processo_id}`),
  ),
  onEntry('GET /s/v2/contrato/valores/{brbId}', 'EM_PROCESSAMENTO', null, (w, e) =>
    w.call('GET', `/s/v2/contrato/valores/${e.id}`),
  ),
  onEntry('GET /s/v2/contrato/valores/{id-processo}/{ano}/{semestre}', 'EM_PROCESSAMENTO', null, async (w, e) => {
    const p = await w.one(
      sql<{ ano: number; semestre: number }>`select ano, semestre from processo where id = ${e.processo_id}`,
      'processo',
    );
    return w.call('GET', `/s/v2/contrato/valores/${e.processo_id}/${p.ano}/${p.semestre}`);
  }),
  send('POST /s/dashboard'),
  send('POST /s/dashboard/detalhes'),
  send('POST /s/dashboard/filtros-bolsas'),
  send('POST /s/v1/contrato/valores/dados-complementares'),
];

/** The group and agreement preferences: set by id, then cleared through the path without one. */
export const PREFERENCES: Step[] = [
  {
    op: 'POST /s/v1/contrato/mais-acoes/cadastrar-preferencia-grupoie/{grupie}',
    how: "IE 1's group",
    run: async (w) =>
      w.call('POST', `/s/v1/contrato/mais-acoes/cadastrar-preferencia-grupoie/${(await ieOne(w)).grupo}`),
  },
  send('POST /s/v1/contrato/mais-acoes/cadastrar-preferencia-grupoie/', undefined),
  {
    op: 'POST /s/v1/beta/convenios/cadastrar-preferencia/{id}',
    how: "IE 1's active convênio",
    run: async (w) => w.call('POST', `/s/v1/beta/convenios/cadastrar-preferencia/${(await ieOne(w)).convenio}`),
  },
  send('POST /s/v1/beta/convenios/cadastrar-preferencia/', undefined),
  {
    op: 'POST /s/v2/ies/notificacoes/{id-notificacao}/visualizada',
    how: 'first of GET /s/v2/ies/notificacoes',
    run: async (w) => {
      const [first] = itemsOf((await w.call('GET', '/s/v2/ies/notificacoes')).body);
      w.state.notificacao = Number(first!.id);
      return w.call('POST', `/s/v2/ies/notificacoes/${w.state.notificacao}/visualizada`);
    },
  },
  {
    op: 'POST /s/v2/ies/notificacoes/{id-notificacao}/fechar-modal',
    how: 'the same notification',
    run: (w) => w.call('POST', `/s/v2/ies/notificacoes/${w.state.notificacao}/fechar-modal`),
  },
];

/** The portal's session doors (beyond the interface). */
export const SESSION: Step[] = [
  read('GET /s/sessao/configuracao'),
  read('GET /s/sessao/usuarios-demo'),
  {
    op: 'POST /s/sessao/demo',
    how: 'first of GET /s/sessao/usuarios-demo',
    run: async (w) => {
      const [first] = itemsOf((await w.call('GET', '/s/sessao/usuarios-demo')).body);
      return w.call('POST', '/s/sessao/demo', 'IE', { usuario: first!.usuario ?? first!.id });
    },
  },
  {
    op: 'POST /s/sessao/token',
    how: "an IE token's own text",
    run: async (w) => w.call('POST', '/s/sessao/token', 'IE', { accessToken: await w.t.token({ ies: [1] }) }),
  },
  read('GET /s/sessao'),
  send('POST /s/sessao/sair', undefined),
];
