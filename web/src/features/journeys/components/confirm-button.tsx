import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** A button whose action runs only after the person confirms it in a dialog. */
export function ConfirmButton({
  label,
  title,
  children,
  confirmLabel,
  onConfirm,
  loading,
  ...props
}: ButtonProps & {
  label: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button {...props} loading={loading} onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <Stack>
          <Text>{children}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button
              onClick={() => {
                close();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
