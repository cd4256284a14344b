// The one-line summary of the applied criteria, with the 'Print version' toggle.
import { Group, Switch, Text } from '@mantine/core';

export type CriteriaLineProps = { text: string; print: boolean; onPrintChange: (print: boolean) => void };

export function CriteriaLine({ text, print, onPrintChange }: CriteriaLineProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" my="xs">
      <Text size="sm" truncate="end" title={text} style={{ minWidth: 0 }}>
        {text}
      </Text>
      <Switch
        size="xs"
        label="Print version"
        checked={print}
        onChange={(e) => onPrintChange(e.currentTarget.checked)}
        className="no-print"
      />
    </Group>
  );
}
