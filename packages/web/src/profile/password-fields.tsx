// The password fields every profile shares: the current password, then a new one and its confirmation.
import { PasswordInput } from '@mantine/core';
import { PASSWORD_HINT } from '@salesdesk/contract';
import type { InputProps } from '../api/use-form';

export const BLANK_PASSWORDS = { currentPassword: '', password: '', passwordConfirm: '' };

type PasswordField = keyof typeof BLANK_PASSWORDS;

/**
 * `required` on the agent's profile, whose only purpose is a new password; elsewhere the fields are
 * left empty to keep the password, and the current one is asked only with a new one.
 */
export function PasswordFields({
  inputProps,
  required = false,
}: {
  inputProps: (field: PasswordField) => InputProps<string | undefined>;
  required?: boolean;
}) {
  return (
    <>
      <PasswordInput
        {...inputProps('currentPassword')}
        label="Current Password"
        description={required ? undefined : 'Needed to set a new password'}
        required={required}
        autoComplete="current-password"
      />
      <PasswordInput
        {...inputProps('password')}
        label="Password"
        description={PASSWORD_HINT}
        required={required}
        autoComplete="new-password"
      />
      <PasswordInput
        {...inputProps('passwordConfirm')}
        label="Confirm Password"
        required={required}
        autoComplete="new-password"
      />
    </>
  );
}
