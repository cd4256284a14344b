// /forgot: username and email; the server mails a one-time login link when they match.
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { ZForgotRequest } from '@salesdesk/contract';
import { forgot } from '../api/auth-api';
import { useForm } from '../api/use-form';
import { FormErrorBanner } from '../ui/field';
import { AuthLayout } from './auth-layout';

export const FORGOT_SENT = 'If the details match, a login link was mailed';

export function ForgotPage() {
  const form = useForm({
    schema: ZForgotRequest,
    initialValues: { username: '', email: '' },
    save: forgot,
    success: { heading: 'Success', body: FORGOT_SENT },
    navigateTo: '/login',
    otherErrorsToForm: true,
  });
  const loading = form.saving;

  return (
    <AuthLayout title="Forgot Password">
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <FormErrorBanner message={form.formError} />
          <TextInput {...form.getInputProps('username')} label="Username" autoComplete="username" autoFocus />
          <TextInput {...form.getInputProps('email')} label="Email" type="email" autoComplete="email" />
          <Button type="submit" loading={loading} disabled={!form.isValid || loading}>
            Forgot
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            I didn&apos;t forget, let me log in!
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
