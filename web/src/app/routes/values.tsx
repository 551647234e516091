import { Placeholder } from '../../components/placeholder.tsx';

export default function ValuesRoute() {
  return (
    <Placeholder
      title="Valores"
      what="Envio de valores de um estudante, importação de planilha com o resultado por linha e os modelos para download."
    />
  );
}
