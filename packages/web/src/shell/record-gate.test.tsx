import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { RecordGate } from './record-gate';
import { renderUi } from '../ui/test-utils';
import { useIdParam } from '../ui/use-id-param';

function IdProbe() {
  return <span>id={String(useIdParam())}</span>;
}
const idOf = (path: string) => {
  const view = renderUi(
    <Routes>
      <Route path="/x/:id" element={<IdProbe />} />
      <Route path="/x" element={<IdProbe />} />
    </Routes>,
    { route: path },
  );
  const text = screen.getByText(/^id=/).textContent;
  view.unmount();
  return text;
};

describe('useIdParam', () => {
  it('answers a decimal id in the int4 range, undefined without one, invalid for anything else', () => {
    expect(idOf('/x/42')).toBe('id=42');
    expect(idOf('/x/2147483647')).toBe('id=2147483647');
    expect(idOf('/x')).toBe('id=undefined');
    for (const bad of ['abc', '0x10', '1e3', '0', '-1', '007', '3000000000', '%201%20', '1.5'])
      expect([bad, idOf(`/x/${bad}`)]).toEqual([bad, 'id=invalid']);
  });
});

const back = { to: '/app/things', label: 'Back to Things' };
const gate = (
  id: number | 'invalid' | undefined,
  query: { data?: string; isPending: boolean; error: unknown },
) =>
  renderUi(
    <RecordGate id={id} query={query} back={back}>
      {(data) => <p>form:{data ?? 'new'}</p>}
    </RecordGate>,
    { route: '/' },
  );

describe('RecordGate', () => {
  it('shows the form for a create page and for a loaded record', () => {
    gate(undefined, { isPending: true, error: null });
    expect(screen.getByText('form:new')).toBeTruthy();
    gate(5, { data: 'rec', isPending: false, error: null });
    expect(screen.getByText('form:rec')).toBeTruthy();
  });

  it('shows loading, not found (malformed id or 404) and a failed load, never the form', () => {
    gate(5, { isPending: true, error: null });
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    gate('invalid', { isPending: true, error: null });
    expect(screen.getByText('This record was not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Things' }).getAttribute('href')).toBe('/app/things');
    gate(5, { isPending: false, error: new ApiError(404, 'NOT_FOUND', 'Not found') });
    expect(screen.getAllByText('This record was not found.')).toHaveLength(2);
    gate(5, { isPending: false, error: new ApiError(500, 'INTERNAL', 'Boom') });
    expect(screen.getByText('This record could not be loaded.')).toBeTruthy();
    expect(screen.queryByText(/^form:/)).toBeNull();
  });
});
