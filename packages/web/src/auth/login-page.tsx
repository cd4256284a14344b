// /login: username, password, optional captcha; on success the returnUrl (same-site only) or /app/home.
import { useMemo } from 'react';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ZLoginRequest } from '@salesdesk/contract';
import { login as postLogin } from '../api/auth-api';
import { useCaptcha } from '../api/session-queries';
import { useForm } from '../api/use-form';
import { FormErrorBanner } from '../ui/field';
import { safeReturnUrl } from '../session/return-url';
import { useSession } from '../session/use-session';
import { AuthLayout } from './auth-layout';
import { CaptchaField } from './captcha-field';

export const CAPTCHA_REQUIRED = 'Captcha is required';

/** Login rules, plus a required answer while a captcha is shown. */
const loginSchema = (captchaOn: boolean) =>
  ZLoginRequest.superRefine((v, ctx) => {
    if (captchaOn && !v.captchaString?.trim())
      ctx.addIssue({ code: 'custom', path: ['captchaString'], message: CAPTCHA_REQUIRED });
  });

export function LoginPage() {
  const [params] = useSearchParams();
  const { login } = useSession();
  const captcha = useCaptcha();
  const captchaOn = !!captcha.data?.image;
  const schema = useMemo(() => loginSchema(captchaOn), [captchaOn]);
  const form = useForm({
    schema,
    initialValues: { username: '', password: '', captchaString: '' },
    save: async (data) => {
      const check = captchaOn ? captcha.data?.check : undefined;
      const { token } = await postLogin({
        username: data.username,
        password: data.password,
        captchaString: check ? data.captchaString?.trim() : undefined,
        captchaCheck: check,
      });
      await login(token);
    },
    success: null,
    navigateTo: safeReturnUrl(params.get('returnUrl')),
    replace: true,
    onRefused: (_err, refused) => {
      refused.setFieldValue('captchaString', '');
      void captcha.refetch();
    },
    otherErrorsToForm: true,
  });
  const loading = form.saving;

  return (
    <AuthLayout title="Login">
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <FormErrorBanner message={form.formError} />
          <TextInput {...form.getInputProps('username')} label="Username" autoComplete="username" autoFocus />
          <PasswordInput
            {...form.getInputProps('password')}
            label="Password"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
          />
          {(captchaOn || captcha.isPending) && (
            <CaptchaField
              image={captcha.data?.image}
              loading={captcha.isFetching}
              onRefresh={() => void captcha.refetch()}
              input={form.getInputProps('captchaString')}
            />
          )}
          <Button type="submit" loading={loading} disabled={!form.isValid || loading || captcha.isPending}>
            Login
          </Button>
          <Anchor component={Link} to="/forgot" size="sm" ta="center">
            Lost Your Password?
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
