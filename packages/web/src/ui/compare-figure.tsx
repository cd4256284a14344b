// A report figure with the other period's value and the change beneath it, small and muted, so the
// column grows by a line rather than in width.
import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** The other period's figure as shown, and the change ('+12.50%', '—' from nothing). */
export type Compared = { other: string; change: string };

export function CompareFigure({ shown, compared }: { shown: ReactNode; compared: Compared }) {
  return (
    <>
      <div>{shown}</div>
      <Text component="div" fz={11} lh={1.2} c="dimmed" data-compare title="Other period, change">
        <span data-compare-other>{compared.other}</span> <span data-compare-change>{compared.change}</span>
      </Text>
    </>
  );
}
