// A webhook's signing secret, shown this once (at creation or after a rotation): the secret, a Copy button
// and the warning that it is not shown again. It closes only by its own button, so a stray click or
// Escape does not lose the secret.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { WEBHOOK_TEXTS } from '@salesdesk/contract';

export function SecretShownDialog({
  title,
  secret,
  onDone,
}: {
  title: string;
  secret: string;
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
          {WEBHOOK_TEXTS.secretShownOnce}
        </Alert>
        <Code block data-testid="webhook-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group justify="space-between">
          <CopyButton value={secret}>
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
