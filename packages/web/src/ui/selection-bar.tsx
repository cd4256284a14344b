// The multi-select action bar: '{n} selected' and the bulk actions, shown only while rows are selected.
import type { ReactNode } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';

export type SelectionAction = { label: string; onClick: () => void; color?: string; disabled?: boolean };

export function SelectionBar({
  count,
  actions = [],
  children,
}: {
  count: number;
  actions?: SelectionAction[];
  children?: ReactNode;
}) {
  if (count <= 0) return null;
  return (
    <Paper withBorder p="xs" my="xs" role="region" aria-label="Selection">
      <Group gap="sm">
        <Text size="sm" fw={600}>
          {count} selected
        </Text>
        {actions.map((action) => (
          <Button
            key={action.label}
            size="xs"
            color={action.color}
            disabled={action.disabled}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        ))}
        {children}
      </Group>
    </Paper>
  );
}
