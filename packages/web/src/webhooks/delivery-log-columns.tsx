// The columns of an endpoint's Delivery Log: time (Eastern), the event (its type and id), the outcome, the
// receiver's answer status or the error, the duration, the next retry, the first 2 KiB of the answer
// (cut short, whole on demand) and Resend.
import { useState } from 'react';
import { Anchor, Button, Code, Stack, Text } from '@mantine/core';
import {
  ATTEMPT_OUTCOME_LABELS,
  formatCount,
  formatDateTime,
  type ATTEMPT_SORT_FIELDS,
  type TAttemptRow,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';

type SortField = (typeof ATTEMPT_SORT_FIELDS)[number];

/** How much of an answer the row shows before `More`. */
export const ANSWER_SHOWN = 60;

/** `HTTP 503`, the error when no answer came, or both. */
export function attemptResponse(r: TAttemptRow): string {
  const status = r.responseStatus === null ? null : `HTTP ${r.responseStatus}`;
  return [status, r.error].filter(Boolean).join(': ');
}

function AnswerCell({ answer }: { answer: string }) {
  const [open, setOpen] = useState(false);
  if (!answer) return null;
  const long = answer.length > ANSWER_SHOWN;
  return (
    <Stack gap={2} align="flex-start">
      {open ? (
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {answer}
        </Code>
      ) : (
        <Text size="sm">{long ? `${answer.slice(0, ANSWER_SHOWN)}…` : answer}</Text>
      )}
      {long ? (
        <Anchor component="button" type="button" size="xs" onClick={() => setOpen((o) => !o)}>
          {open ? 'Less' : 'More'}
        </Anchor>
      ) : null}
    </Stack>
  );
}

export function deliveryColumns(
  resend: (row: TAttemptRow) => void,
  canResend: boolean,
): DataColumn<TAttemptRow, SortField>[] {
  return [
    { id: 'at', header: 'Time', sortable: true, cell: (r) => formatDateTime(r.at) },
    {
      id: 'event',
      header: 'Event',
      cell: (r) => (
        <Stack gap={0}>
          <span>{r.eventType}</span>
          <Text size="xs" c="dimmed" ff="monospace">
            {r.eventId}
          </Text>
        </Stack>
      ),
    },
    { id: 'outcome', header: 'Outcome', priority: 'high', cell: (r) => ATTEMPT_OUTCOME_LABELS[r.outcome] },
    { id: 'response', header: 'Response', wrap: true, cell: attemptResponse },
    { id: 'ms', header: 'Duration', align: 'right', cell: (r) => `${formatCount(r.ms)} ms` },
    {
      id: 'nextAt',
      header: 'Next retry',
      cell: (r) => (r.nextAt ? formatDateTime(r.nextAt) : ''),
    },
    {
      id: 'answer',
      header: 'Answer',
      wrap: true,
      priority: 'low',
      cell: (r) => <AnswerCell answer={r.answer} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => (
        <Button
          size="compact-xs"
          variant="light"
          aria-label={`Resend ${r.eventId}`}
          disabled={!canResend}
          onClick={() => resend(r)}
        >
          Resend
        </Button>
      ),
    },
  ];
}
