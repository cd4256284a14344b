// 'Export CSV' for a log page: every row matching the current filters, with rows and megabytes received
// shown while a large file streams in, and a Cancel that stops it.
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Progress, Text } from '@mantine/core';
import { saveFile } from '../ui/save-file';
import { fetchCsv, type CsvProgress } from './csv-download';

export const EXPORT_CSV = 'Export CSV';

export type CsvExportButtonProps = {
  /** The export call after /api/, e.g. 'click-outs/export'; a GET export's path holds its query string. */
  path: string;
  /** The filters, as the list call sends them (paging is ignored by the server); none for a GET export. */
  body?: () => unknown;
  /** The list's total, for the progress bar; unknown totals show the counts alone. */
  total?: number;
  fallbackName?: string;
};

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

export function CsvExportButton({ path, body, total, fallbackName }: CsvExportButtonProps) {
  const [progress, setProgress] = useState<CsvProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  // Leaving the page stops a download nobody will save.
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ bytes: 0, rows: 0 });
    try {
      const file = await fetchCsv(path, body?.(), {
        signal: controller.signal,
        onProgress: setProgress,
        fallbackName,
      });
      saveFile(file.blob, file.fileName);
    } catch {
      // Errors were shown by fetchCsv; a cancel needs no message.
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  if (!progress)
    return (
      <Button variant="default" onClick={() => void start()}>
        {EXPORT_CSV}
      </Button>
    );
  const share = total ? Math.min(100, (progress.rows / total) * 100) : undefined;
  return (
    <Group gap="xs" role="status" aria-live="polite">
      <Text size="sm">
        Exporting: {progress.rows.toLocaleString('en-US')}
        {total ? ` of ${total.toLocaleString('en-US')}` : ''} rows, {megabytes(progress.bytes)}
      </Text>
      {share !== undefined && <Progress value={share} w={160} aria-label="Export progress" />}
      <Button variant="subtle" size="xs" onClick={() => running.current?.abort()}>
        Cancel
      </Button>
    </Group>
  );
}
