import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTE_LIFETIME_MS } from '@salesdesk/contract';
import { clearNotes, NotesHost, showNote } from './notes';
import { renderUi } from './test-utils';

describe('notes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => clearNotes());
    vi.useRealTimers();
  });

  it('shows a note and removes it after its lifetime', () => {
    renderUi(<NotesHost />);
    act(() => showNote({ type: 'success', heading: 'Success', body: 'Successfully saved' }));
    expect(screen.getByText('Success')).toBeTruthy();
    expect(screen.getByText('Successfully saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(NOTE_LIFETIME_MS - 1));
    expect(screen.queryByText('Success')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Success')).toBeNull();
  });

  it('counts an identical note instead of adding another and restarts its timer', () => {
    renderUi(<NotesHost />);
    act(() => showNote({ type: 'error', heading: 'Something Went Wrong', body: 'boom' }));
    act(() => vi.advanceTimersByTime(2000));
    act(() => showNote({ type: 'error', heading: 'Something Went Wrong', body: 'boom' }));
    expect(screen.getByText('Something Went Wrong (2)')).toBeTruthy();
    expect(screen.getAllByText('boom')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Something Went Wrong (2)')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText(/Something Went Wrong/)).toBeNull();
  });

  it('keeps notes that differ in type or body apart', () => {
    renderUi(<NotesHost />);
    act(() => {
      showNote({ type: 'error', heading: 'Saved', body: 'a' });
      showNote({ type: 'success', heading: 'Saved', body: 'a' });
      showNote({ type: 'success', heading: 'Saved', body: 'b' });
    });
    expect(screen.getAllByText('Saved')).toHaveLength(3);
  });

  it('closes a note from its close icon', () => {
    renderUi(<NotesHost />);
    act(() => showNote({ type: 'success', heading: 'Done' }));
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByText('Done')).toBeNull();
  });
});
