// /forgot: username and email; the server mails a one-time login link when they match.
import { useState } from 'react';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ZForgotRequest } from '@salesdesk/contract';
import { forgot } from '../api/auth-api';
import { applyServerErrors, useZodForm } from '../api/use-form';
import { FormErrorBanner } from '../ui/field';
import { showNote } from '../ui/notes';
import { AuthLayout } from './auth-layout';

export const FORGOT_SENT = 'If the details match, a login link was mailed';

export function ForgotPage() {
  const navigate = useNavigate();
  const form = useZodForm(ZForgotRequest, { username: '', email: '' });
  const [loading, setLoading] = useState(false);

  const submit = form.onSubmit(async (data) => {
    setLoading(true);
    try {
      await forgot(data);
      showNote({ type: 'success', heading: 'Success', body: FORGOT_SENT });
      navigate('/login');
    } catch (err) {
      applyServerErrors(form, err, { otherErrorsToForm: true });
      setLoading(false);
    }
  });

  return (
    <AuthLayout title="Forgot Password">
      <form onSubmit={submit} noValidate>
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
