import { Anchor, Grid, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../components/states.tsx';
import { ActionsPanel } from '../../features/actions/components/actions-panel.tsx';
import { ContractView } from '../../features/contracts/components/contract-view.tsx';
import { dashboardLink } from '../dashboard-return.ts';

/** Contrato: the story (contracts) beside the actions (actions), composed here. */
export default function ContractRoute() {
  const brbId = Number(useParams().brbId);
  if (!Number.isSafeInteger(brbId) || brbId < 1)
    return <ErrorState title="Contrato não encontrado" error={new Error('Endereço de contrato inválido.')} />;
  return (
    <Stack>
      <Anchor component={Link} to={dashboardLink()}>
        ← Voltar ao painel
      </Anchor>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <ContractView brbId={brbId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ActionsPanel key={brbId} brbId={brbId} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
