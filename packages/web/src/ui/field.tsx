// What a field takes from its form (useForm's getInputProps), and the red banner at the top of a form: a
// refused save ('Please correct the marked fields'), the `_form` messages of a VALIDATION_ERROR, or a login
// failure; one message a line.
import { Alert } from '@mantine/core';

export interface InputProps<T> {
  name: string;
  value: T;
  onChange: (eventOrValue: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
}

export interface CheckboxProps {
  name: string;
  checked: boolean;
  onChange: (eventOrValue: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
}

export function FormErrorBanner({ message }: { message?: string | null }) {
  if (!message) return null;
  const lines = message.split('\n');
  return (
    <Alert color="red" variant="light" role="alert" mb="sm">
      {lines.length === 1 ? message : lines.map((line, i) => <div key={i}>{line}</div>)}
    </Alert>
  );
}
