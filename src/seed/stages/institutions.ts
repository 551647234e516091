import { insertNow, TableBuffer } from '../bulk.js';
import type { SeedStage } from '../context.js';

/** Groups, IEs (ids 1..N), campuses, courses and convênios, straight from the layout. */
export const institutionsStage: SeedStage = {
  name: 'instituições',
  async run(ctx, progress) {
    const groups = new TableBuffer('grupo_ie', [
      ['id', 'int8'],
      ['nome', 'text'],
      ['cnpj', 'text'],
    ]);
    const ies = new TableBuffer('ie', [
      ['id', 'int8'],
      ['grupo_ie_id', 'int8'],
      ['nome', 'text'],
      ['sigla', 'text'],
      ['cnpj', 'text'],
      ['cidade', 'text'],
      ['uf', 'text'],
    ]);
    const campuses = new TableBuffer('campus', [
      ['id', 'int8'],
      ['ie_id', 'int8'],
      ['nome', 'text'],
      ['cidade', 'text'],
      ['uf', 'text'],
    ]);
    const courses = new TableBuffer('curso', [
      ['id', 'int8'],
      ['ie_id', 'int8'],
      ['campus_id', 'int8'],
      ['turno_id', 'int8'],
      ['nome', 'text'],
      ['grau', 'text'],
      ['duracao_semestres', 'int4'],
    ]);
    const convenios = new TableBuffer('convenio', [
      ['id', 'int8'],
      ['ie_id', 'int8'],
      ['nome', 'text'],
      ['produto', 'text'],
      ['taxa_mensal', 'numeric'],
      ['regime_acumulo', 'text'],
    ]);
    for (const g of ctx.layout.groups) groups.add(g.id, g.nome, g.cnpj);
    for (const ie of ctx.layout.ies) {
      ies.add(ie.id, ie.grupoId, ie.nome, ie.sigla, ie.cnpj, ie.cidade, ie.uf);
      for (const c of ie.campuses) campuses.add(c.id, ie.id, c.nome, c.cidade, c.uf);
      for (const c of ie.courses)
        courses.add(c.id, ie.id, c.campusId, ctx.shiftIds[c.shift], c.nome, c.grau, c.semestres);
      for (const c of ie.convenios) convenios.add(c.id, ie.id, c.nome, 'CredIES', '0.003500', c.regime);
    }
    await insertNow(ctx.trx, groups, ies, campuses, courses, convenios);
    progress(ctx.ies, ctx.ies);
  },
};
