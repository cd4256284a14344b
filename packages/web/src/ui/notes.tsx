// Notes (toasts): a tiny external store so showNote works outside React, and the host that renders it.
import { useSyncExternalStore } from 'react';
import { Notification, Stack } from '@mantine/core';
import { NOTE_LIFETIME_MS, newGuid } from '@salesdesk/contract';

export type NoteType = 'success' | 'error';
export type TNoteInput = { type: NoteType; heading: string; body?: string };
/** A shown note; `total` counts identical notes raised while it was visible. */
export type TNote = TNoteInput & { guid: string; total: number };

let notes: readonly TNote[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function publish(next: readonly TNote[]) {
  notes = next;
  listeners.forEach((listener) => listener());
}

function startTimer(guid: string) {
  clearTimeout(timers.get(guid));
  timers.set(
    guid,
    setTimeout(() => dismissNote(guid), NOTE_LIFETIME_MS),
  );
}

/** Shows a note for 3 s; an identical visible note counts up and restarts its timer instead. */
export function showNote(input: TNoteInput): void {
  const body = input.body ?? '';
  const same = notes.find(
    (n) => n.type === input.type && n.heading === input.heading && (n.body ?? '') === body,
  );
  if (same) {
    publish(notes.map((n) => (n === same ? { ...n, total: n.total + 1 } : n)));
    startTimer(same.guid);
    return;
  }
  const note: TNote = { ...input, guid: newGuid(), total: 1 };
  publish([...notes, note]);
  startTimer(note.guid);
}

export function dismissNote(guid: string): void {
  clearTimeout(timers.get(guid));
  timers.delete(guid);
  if (notes.some((n) => n.guid === guid)) publish(notes.filter((n) => n.guid !== guid));
}

/** Removes every note (tests, logout). */
export function clearNotes(): void {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  publish([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useNotes(): readonly TNote[] {
  return useSyncExternalStore(
    subscribe,
    () => notes,
    () => notes,
  );
}

/** The heading with its repeat count, e.g. 'Saved (3)'. */
export function noteTitle(note: TNote): string {
  return note.total > 1 ? `${note.heading} (${note.total})` : note.heading;
}

const noteColor = (type: NoteType) => (type === 'success' ? 'green' : 'red');

export function NotesHost() {
  const shown = useNotes();
  if (!shown.length) return null;
  return (
    <Stack gap="xs" pos="fixed" top={16} right={16} w={340} style={{ zIndex: 1000 }} aria-live="polite">
      {shown.map((note) => (
        <Notification
          key={note.guid}
          role={note.type === 'error' ? 'alert' : 'status'}
          color={noteColor(note.type)}
          styles={{ title: { color: `var(--mantine-color-${noteColor(note.type)}-filled)` } }}
          title={noteTitle(note)}
          onClose={() => dismissNote(note.guid)}
          closeButtonProps={{ 'aria-label': 'Close' }}
          withBorder
          data-note-type={note.type}
        >
          {note.body}
        </Notification>
      ))}
    </Stack>
  );
}
