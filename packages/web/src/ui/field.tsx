// The red banner of a form-level error (the `_form` key of a VALIDATION_ERROR, or a login failure).
import { Alert } from '@mantine/core';

export function FormErrorBanner({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" mb="sm">
      {message}
    </Alert>
  );
}
