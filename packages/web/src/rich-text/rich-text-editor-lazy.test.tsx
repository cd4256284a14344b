import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyRichTextEditor } from './rich-text-editor-lazy';
import { EDITOR_HEIGHT } from './rich-text-props';
import { renderUi } from '../ui/test-utils';

describe('LazyRichTextEditor', () => {
  it("takes the editor's label and height while its code loads, then shows the editor", async () => {
    renderUi(
      <LazyRichTextEditor label="Must Read (optional)" value="<p>Hi</p>" onChange={() => undefined} />,
    );
    const standIn = screen.getByRole('status', { name: 'Loading' }).parentElement!;
    // Mantine writes px as rem (16 px each).
    expect(standIn.style.height).toContain(`${EDITOR_HEIGHT / 16}rem`);
    expect(screen.getByText('Must Read (optional)')).toBeTruthy();
    expect(
      await screen.findByRole('textbox', { name: 'Must Read (optional)' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
