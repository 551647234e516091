import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The operations of the interface, ../shared/spec/renewal-journey-service.md section 4 ("Endpoints"),
 * as `METHOD path` with the spec's own path templates, alias paths included: 106. Copied from the
 * spec's tables (so a clone without the spec beside it still has them); `operationsInSpec` reads
 * the tables again, and test/seed/demo-walk.test.ts checks the two agree when the spec is there.
 */
export const INTERFACE_OPERATIONS: readonly string[] = [
  'POST /s/v3/mais-acoes/trancamento',
  'POST /s/v3/mais-acoes/previsao-formatura',
  'POST /s/v3/mais-acoes/manutencao-vinculo',
  'POST /s/v3/mais-acoes/manter-trancamento',
  'POST /s/v3/mais-acoes/inativar-estudante',
  'POST /s/v3/mais-acoes/excluir-contrato',
  'POST /s/v3/mais-acoes/enviar-valores',
  'POST /s/v3/mais-acoes/cancelar-contrato',
  'POST /s/v3/mais-acoes/afastamento-evasao',
  'POST /s/v3/mais-acoes/alterar-status/trancamento',
  'POST /s/v3/mais-acoes/alterar-status/revisao-analise',
  'POST /s/v3/mais-acoes/alterar-status/manutencao-vinculo',
  'POST /s/v3/mais-acoes/alterar-status/manter-trancamento',
  'POST /s/v3/mais-acoes/alterar-status/inativar-estudante',
  'POST /s/v3/mais-acoes/alterar-status/enviar-valores',
  'POST /s/v3/mais-acoes/alterar-status/afastamento-evasao',
  'POST /s/api/v3/mais-acoes/inativar-estudante',
  'GET /s/v3/estudantes/pendentes-assinatura',
  'GET /api/v3/estudantes/pendentes-assinatura',
  'GET /s/v3/renovacao/journey',
  'GET /s/v3/renovacao/carousel',
  'POST /s/v2/contrato/valores/enviar',
  'GET /s/v2/contrato/valores/{id-processo}/{ano}/{semestre}',
  'GET /s/v2/contrato/valores/{brbId}',
  'GET /s/v2/contrato/valores/calcular-parcelas-reembolso',
  'GET /s/v2/renovacao/planilhas-auxiliares/turnos',
  'GET /s/v2/renovacao/planilhas-auxiliares/cursos',
  'GET /s/v2/renovacao/planilhas-auxiliares/campus',
  'GET /s/v2/renovacao/manutencao-vinculo/estudantes',
  'GET /s/v2/manutencao-vinculo/estudantes',
  'GET /s/v2/renovacao/manutencao-vinculo',
  'GET /s/v2/manutencao-vinculo',
  'GET /s/v2/renovacao/{renewalTabEnum}',
  'GET /s/v2/renovacao/tags',
  'GET /s/v2/status-contrato/{brbId}/brb-id',
  'GET /s/v2/renovacao/status-contrato/{brbId}/brb-id',
  'GET /s/v2/renovacao/sem-renovacao',
  'GET /s/v2/renovacao/manutencao-vinculo/estudantes/autocomplete',
  'GET /s/v2/manutencao-vinculo/estudantes/autocomplete',
  'GET /s/v2/renovacao/autocomplete',
  'GET /s/v2/renovacao/jornadas/tipos',
  'GET /s/v2/renovacao/jornadas/listar',
  'GET /s/v2/renovacao/finalizados',
  'GET /s/v2/renovacao/filtros',
  'GET /s/v2/renovacao/em-processamento',
  'GET /s/v2/renovacao/dashboard/contadores',
  'GET /s/v2/renovacao/aptos',
  'POST /s/v2/renovacao/situacao-matricula/trancamento',
  'POST /s/v2/renovacao/situacao-matricula/manutencao-vinculo',
  'POST /s/v2/renovacao/situacao-matricula/afastamento-evasao',
  'PATCH /s/v2/matricula/processo/{prcId}',
  'POST /s/v2/manter-trancamento',
  'POST /s/v2/renovacao/status-contrato/{brbId}/brb-id/alterar',
  'POST /s/v2/status-contrato/{brbId}/brb-id/alterar',
  'POST /s/v2/mais-acoes/{brbId}/excluir-contrato',
  'POST /s/v2/mais-acoes/{brbId}/cancelar-contrato',
  'POST /s/v2/mais-acoes/trancamento',
  'GET /s/v2/renovacao/{brbId}/existe-andamento',
  'GET /s/v2/mais-acoes/situacoes',
  'POST /s/v2/renovacao/status-contrato/{contractId}/id-contrato/{studentshipId}/id-bolsa/excluir',
  'POST /s/v2/status-contrato/{contractId}/id-contrato/{studentshipId}/id-bolsa/excluir',
  'POST /s/v2/renovacao/status-contrato/{contractId}/id-contrato/{studentshipId}/id-bolsa/cancelar',
  'POST /s/v2/status-contrato/{contractId}/id-contrato/{studentshipId}/id-bolsa/cancelar',
  'POST /s/v2/renovacao/jornadas/{tipo}/abrir',
  'POST /s/v2/renovacao/jornadas/abrir',
  'POST /s/v2/renovacao/jornadas/atualizar',
  'GET /s/v2/renovacao/jornadas',
  'GET /s/v2/renovacao/jornadas/{journeyId}',
  'GET /s/v2/renovacao/jornadas/groups',
  'GET /s/v2/processos/{processId}/timeline',
  'GET /s/v2/ies/notificacoes',
  'GET /s/v2/ies/notificacoes/historico',
  'POST /s/v2/ies/notificacoes/{id-notificacao}/visualizada',
  'POST /s/v2/ies/notificacoes/{id-notificacao}/fechar-modal',
  'POST /s/v1/contrato/valores/importar-lote',
  'POST /s/v1/contrato/valores/dados-complementares',
  'GET /s/v1/tarefas/situacao/{processId}',
  'GET /s/v1/tarefas/detalhes/{solicitationId}',
  'GET /s/v1/tarefas/detalhes-trancamento/{solicitationId}',
  'POST /s/v1/contrato/situacao-matricula/atualizar',
  'GET /s/v1/contrato/situacao-matricula/tipos',
  'GET /s/v1/contrato/situacao-matricula/situacoes',
  'GET /s/v1/contrato/situacao-matricula/situacoes-restituicao',
  'GET /s/v1/contrato/situacao-matricula/motivos',
  'POST /s/v1/contrato/situacao-matricula/processo/{id-processo}/manter-trancamento',
  'GET /s/v1/contrato/situacao-matricula/processo/{id-processo}/trancamento-anterior/bolsa/{id-bolsa}',
  'POST /s/v2/renovacao/processos/previsao-formatura',
  'POST /processos/previsao-formatura',
  'POST /s/v1/contrato/mais-acoes/dados-complementares',
  'POST /s/v1/contrato/mais-acoes/cadastrar-preferencia-grupoie/{grupie}',
  'POST /s/v1/contrato/mais-acoes/cadastrar-preferencia-grupoie/',
  'GET /s/v1/contrato/mais-acoes/obter-preferencia-grupoie',
  'GET /s/v1/processo-solicitacao/{processId}/existe-andamento',
  'GET /motivo-espera',
  'GET /s/v1/insere-jornada',
  'POST /s/v1/insere-jornada',
  'PUT /atualizar-tipo-ticket',
  'POST /s/v1/beta/convenios/cadastrar-preferencia/{id}',
  'POST /s/v1/beta/convenios/cadastrar-preferencia/',
  'GET /s/v1/beta/convenios',
  'GET /s/v1/beta/convenios/{grbId}',
  'GET /s/v1/beta/convenios/obter-preferencia-grupoie',
  'POST /s/dashboard',
  'POST /s/dashboard/filtros-bolsas',
  'POST /s/dashboard/detalhes',
  'GET /s/v2/repasse/{competencia}',
];

/** Where the spec sits beside the repository (as ../shared/DOMAIN.md does); from the working directory. */
export const SPEC_PATH = pathToFileURL(resolve('../shared/spec/renewal-journey-service.md'));

/**
 * `METHOD path` of every table row of section 4: rows name their method, or the section's heading
 * does ("v3 journey actions (all POST)", "v2 auxiliary lists (GET)").
 */
export function operationsInSpec(markdown: string): string[] {
  const start = markdown.indexOf('## 4. Endpoints');
  const end = markdown.indexOf('## 5.', start);
  let sectionMethod: string | null = null;
  const ops: string[] = [];
  for (const line of markdown.slice(start, end).split('\n')) {
    if (line.startsWith('###')) sectionMethod = /\((?:all )?(GET|POST)\)/.exec(line)?.[1] ?? null;
    const withMethod = /^\| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)` \|/.exec(line);
    const pathOnly = /^\| `([^`]+)` \|/.exec(line);
    if (withMethod) ops.push(`${withMethod[1]} ${withMethod[2]}`);
    else if (pathOnly && sectionMethod) ops.push(`${sectionMethod} ${pathOnly[1]}`);
  }
  return ops;
}

/** Whether a request (method, url with or without a query) is one of `METHOD /path/{param}`. */
export function requestMatches(op: string, method: string, url: string): boolean {
  const [opMethod, template] = op.split(' ') as [string, string];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return opMethod === method.toUpperCase() && new RegExp(`^${pattern}$`).test(url.split('?')[0]!);
}
