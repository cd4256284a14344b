// A dimmed line for an empty section outside a table (tables have their own empty row).
import { Text } from '@mantine/core';

export function Empty({ text }: { text: string }) {
  return (
    <Text c="dimmed" ta="center" py="md">
      {text}
    </Text>
  );
}
