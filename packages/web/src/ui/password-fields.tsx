// The password fields: a new password and its confirmation (the admin, office and agent forms), and the
// profiles' set, which asks the current password first.
import { PasswordInput } from '@mantine/core';
import { PASSWORD_HINT } from '@salesdesk/contract';
import type { InputProps } from './field';

export const BLANK_PASSWORDS = { currentPassword: '', password: '', passwordConfirm: '' };

type PasswordField = keyof typeof BLANK_PASSWORDS;

/** A new password and its confirmation: required on a create page; elsewhere left empty to keep the password. */
export function NewPasswordFields({
  inputProps,
  required = false,
}: {
  inputProps: (field: 'password' | 'passwordConfirm') => InputProps<string | undefined>;
  required?: boolean;
}) {
  return (
    <>
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
      <NewPasswordFields inputProps={inputProps} required={required} />
    </>
  );
}
