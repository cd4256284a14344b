// 'Upload result file': the bank's result CSV (reference, status, bank reference; amount, reason and date
// optional) read as text and posted whole. The server takes every line or none: a refused file lists its
// refused lines here, and nothing changed.
import { useState } from 'react';
import { Alert, FileInput, List, Text } from '@mantine/core';
import {
  formatCounted,
  PAYOUT_RESULT_COLUMNS,
  PAYOUT_RESULTS_MAX_BYTES,
  PAYOUT_TEXTS,
  ZPayoutResults,
} from '@salesdesk/contract';
import { isValidationError } from '../api/api-error';
import { showNote } from '../ui/notes';
import { useUploadResults } from './api';

export const UPLOAD_TEXTS = {
  hint: `A CSV with a header line naming ${PAYOUT_RESULT_COLUMNS.slice(0, 3).join(', ')} (and optionally ${PAYOUT_RESULT_COLUMNS.slice(3).join(', ')}); status is paid or failed.`,
  refused: 'The file was refused: nothing was recorded',
  done: 'Result file recorded',
  tooLarge: 'The file is larger than 1 MB',
} as const;

/** `2 lines paid, 1 line failed`. */
export const resultText = (paid: number, failed: number) =>
  `${formatCounted(paid, 'line')} paid, ${formatCounted(failed, 'line')} failed`;

/** The refused lines of a refusal: the answer's list, or the VALIDATION_ERROR's `csv` messages. */
function refusedOf(err: unknown): string[] {
  if (!isValidationError(err)) return [];
  const lines = err.data?.csv ?? Object.values(err.data ?? {}).flat();
  return lines.length ? lines : [err.message];
}

export function ResultUpload({ batchId }: { batchId: number }) {
  const upload = useUploadResults(batchId);
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const send = async (chosen: File | null) => {
    setFile(chosen);
    setRefused([]);
    if (!chosen) return;
    if (chosen.size > PAYOUT_RESULTS_MAX_BYTES) return setRefused([UPLOAD_TEXTS.tooLarge]);
    const body = ZPayoutResults.safeParse({ csv: await chosen.text() });
    if (!body.success) return setRefused(body.error.issues.map((i) => i.message));
    try {
      const done = await upload.mutateAsync(body.data.csv);
      if (done.refused.length)
        return setRefused(done.refused.map((r) => `Line ${r.line}: ${r.reason} (${r.text})`));
      showNote({ type: 'success', heading: UPLOAD_TEXTS.done, body: resultText(done.paid, done.failed) });
    } catch (err) {
      setRefused(refusedOf(err)); // any other error: apiFetch has shown its note
    } finally {
      setFile(null);
    }
  };
  return (
    <div>
      <FileInput
        label={PAYOUT_TEXTS.upload}
        description={UPLOAD_TEXTS.hint}
        placeholder="Choose a CSV file"
        accept=".csv,text/csv,text/plain"
        value={file}
        onChange={(f) => void send(f)}
        disabled={upload.isPending}
        clearable
        maw={520}
      />
      {refused.length ? (
        <Alert color="red" variant="light" role="alert" mt="sm" title={UPLOAD_TEXTS.refused}>
          <List size="sm">
            {refused.map((line, i) => (
              <List.Item key={i}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Text>
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </div>
  );
}
