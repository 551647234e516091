import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The confirmation every irreversible foundation action goes through: it names what changes
 * (the batch and the count, the students, the month) and the effect, before anything is sent.
 */
export function Confirm({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  loading,
  danger,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  danger?: boolean;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      size="lg"
      // No fade: a dialog half-faded is unreadable text for a moment (and axe flags it).
      transitionProps={{ duration: 0 }}
    >
      <Stack>
        <Text component="div">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button color={danger ? 'red.9' : 'teal.9'} onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
