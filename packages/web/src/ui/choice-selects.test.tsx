import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AgentSelect, SiteSelect, toOptions } from './choice-selects';
import { renderUi } from './test-utils';

const sites = [
  { id: 1, sitename: 'CamStars' },
  { id: 2, sitename: 'DateHub' },
];

describe('choice selects', () => {
  it('makes options with the id as the value', () => {
    expect(
      toOptions(
        sites,
        (s) => s.id,
        (s) => s.sitename,
      ),
    ).toEqual([
      { value: '1', label: 'CamStars' },
      { value: '2', label: 'DateHub' },
    ]);
    expect(
      toOptions(
        undefined,
        (s: { id: number }) => s.id,
        () => '',
      ),
    ).toEqual([]);
  });

  it('labels the select with its noun, offers the rows and reports the chosen id', async () => {
    const onChange = vi.fn();
    renderUi(<SiteSelect rows={sites} placeholder="All sites" value={null} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Site' });
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: 'DateHub' }));
    expect(onChange).toHaveBeenCalledWith('2', expect.anything());
  });

  it('shows an id pinned by the address, even one not among the rows, and does not let it change', () => {
    renderUi(
      <AgentSelect rows={[{ id: 3, username: 'agent03' }]} pinned="77" value={null} onChange={vi.fn()} />,
    );
    const input = screen.getByRole('combobox', { name: 'Agent' });
    expect((input as HTMLInputElement).value).toBe('Agent 77');
    expect((input as HTMLInputElement).disabled).toBe(true);
  });
});
