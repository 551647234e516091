import { Placeholder } from '../../components/placeholder.tsx';

export const NotFound = () => <Placeholder title="Página não encontrada" what="Este endereço não existe no portal." />;
