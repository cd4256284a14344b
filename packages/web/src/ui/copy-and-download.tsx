// Copy a text to the clipboard, or save it as a file: the recovery codes, which are shown only once.
import { Button, CopyButton, Group } from '@mantine/core';
import { saveFile } from './save-file';

export function CopyAndDownload({ text, filename }: { text: string; filename: string }) {
  return (
    <Group gap="sm">
      <CopyButton value={text}>
        {({ copied, copy }) => (
          <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
      <Button
        variant="light"
        onClick={() => saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), filename)}
      >
        Download
      </Button>
    </Group>
  );
}
