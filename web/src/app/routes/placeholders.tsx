import { Placeholder } from '../../components/placeholder.tsx';

export const Preferences = () => <Placeholder title="Preferências" what="O grupo de IEs padrão do painel." />;
export const Agreements = () => <Placeholder title="Convênios" what="Os convênios da IE e o convênio padrão." />;
export const Tickets = () => <Placeholder title="Tickets" what="Os tickets de atendimento e seus tipos." />;
export const Operator = () => (
  <Placeholder
    title="Fundação"
    what="Lotes a processar (aceitar, recusar com motivos), assinaturas, pagamentos de restituição e o repasse mensal por IE."
  />
);
export const NotFound = () => <Placeholder title="Página não encontrada" what="Este endereço não existe no portal." />;
