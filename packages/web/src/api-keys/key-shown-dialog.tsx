// The new key, shown this once: the key itself, a Copy button and the warning that it is not shown
// again. It closes only by its own button, so a stray click or Escape does not lose the key.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { API_KEY_TEXTS, type TApiKeyCreated } from '@salesdesk/contract';

export function KeyShownDialog({ created, onDone }: { created: TApiKeyCreated; onDone: () => void }) {
  return (
    <Modal
      opened
      onClose={onDone}
      title={API_KEY_TEXTS.createdTitle}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      centered
      size="lg"
    >
      <Stack gap="sm">
        <Alert color="yellow" variant="light" role="alert">
          {API_KEY_TEXTS.shownOnce}
        </Alert>
        <Code block data-testid="api-key-value" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {created.key}
        </Code>
        <Group justify="space-between">
          <CopyButton value={created.key}>
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
