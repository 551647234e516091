import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { BatchesPanel } from './batches-panel.tsx';
import { PaymentForm } from './payment-form.tsx';
import { SignaturesPanel } from './signatures-panel.tsx';
import { TransferPanel } from './transfer-panel.tsx';

/**
 * Fundação (role OPERADOR): the foundation's side of the renewal: decide the IEs' values
 * batches, record the students' signatures, record restitution payments and follow and close
 * the monthly transfer to each IE. Each tab loads only when opened.
 */
export function OperatorPage() {
  const [tab, setTab] = useState<string | null>('lotes');
  return (
    <Stack>
      <Title order={1}>Fundação</Title>
      <Text c="gray.7">Processamento dos lotes, assinaturas, pagamentos de restituição e repasse mensal às IEs.</Text>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label="Áreas da fundação">
          <Tabs.Tab value="lotes">Lotes a processar</Tabs.Tab>
          <Tabs.Tab value="assinaturas">Assinaturas pendentes</Tabs.Tab>
          <Tabs.Tab value="pagamentos">Pagamentos de restituição</Tabs.Tab>
          <Tabs.Tab value="repasse">Repasse mensal</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lotes" pt="md">
          <BatchesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="assinaturas" pt="md">
          <SignaturesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="pagamentos" pt="md">
          <PaymentForm />
        </Tabs.Panel>
        <Tabs.Panel value="repasse" pt="md">
          <TransferPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
