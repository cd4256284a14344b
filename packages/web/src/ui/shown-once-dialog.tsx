// A secret shown this once (a new API key, a webhook's signing secret): the value, a Copy button and the
// warning that it is not shown again. It closes only by its own button, so a stray click or Escape does
// not lose the secret.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';

export function ShownOnceDialog({
  title,
  warning,
  value,
  testId,
  onDone,
}: {
  title: string;
  warning: string;
  value: string;
  /** Names the value for the browser tests that copy it. */
  testId: string;
  onDone: () => void;
}) {
  return (
    <Modal
      opened
      onClose={onDone}
      title={title}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      centered
      size="lg"
    >
      <Stack gap="sm">
        <Alert color="yellow" variant="light" role="alert">
          {warning}
        </Alert>
        <Code block data-testid={testId} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <Group justify="space-between">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone} data-autofocus>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
