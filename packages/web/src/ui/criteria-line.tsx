// The one-line summary of the applied criteria, with the 'Print version' toggle and Print (the browser's
// print of the page, which print CSS strips of the app frame: styles.css).
import { Button, Group, Switch, Text } from '@mantine/core';

export type CriteriaLineProps = { text: string; print: boolean; onPrintChange: (print: boolean) => void };

export const PRINT_LABEL = 'Print';

export function CriteriaLine({ text, print, onPrintChange }: CriteriaLineProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" my="xs">
      <Text size="sm" truncate="end" title={text} style={{ minWidth: 0 }} className="criteria-text">
        {text}
      </Text>
      <Group gap="sm" wrap="nowrap" className="no-print">
        <Switch
          size="xs"
          label="Print version"
          checked={print}
          onChange={(e) => onPrintChange(e.currentTarget.checked)}
        />
        <Button size="compact-sm" variant="default" onClick={() => window.print()}>
          {PRINT_LABEL}
        </Button>
      </Group>
    </Group>
  );
}
