// /login: username, password, optional captcha; then, for an account with two-factor sign-in, its code
// (or its enrolment, when its role requires one); on success the returnUrl (same-site only) or /app/home.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ZLoginRequest, type TLoginAnswer } from '@salesdesk/contract';
import { login as postLogin } from '../api/auth-api';
import { useCaptcha } from '../api/session-queries';
import { useForm } from '../api/use-form';
import { FormErrorBanner } from '../ui/field';
import { safeReturnUrl } from '../session/return-url';
import { useSession } from '../session/use-session';
import { Loading } from '../ui/loading';
import { AuthLayout } from './auth-layout';
import { CaptchaField } from './captcha-field';

// The second steps load only for the accounts that reach them.
const CodeStep = lazy(() => import('./code-step').then((m) => ({ default: m.CodeStep })));
const EnrolStep = lazy(() => import('./enrol-step').then((m) => ({ default: m.EnrolStep })));

/** A session signing in that owes a step (a login link's too: the remote-login page passes it here). */
export type PendingSignIn = Pick<TLoginAnswer, 'token'> & { secondFactor: 'code' | 'enrol' };

const pendingOf = (state: unknown): PendingSignIn | null => {
  const p = (state as { pending?: PendingSignIn } | null)?.pending;
  return p && typeof p.token === 'string' && (p.secondFactor === 'code' || p.secondFactor === 'enrol')
    ? p
    : null;
};

export const CAPTCHA_REQUIRED = 'Captcha is required';

/** Login rules, plus a required answer while a captcha is shown. */
const loginSchema = (captchaOn: boolean) =>
  ZLoginRequest.superRefine((v, ctx) => {
    if (captchaOn && !v.captchaString?.trim())
      ctx.addIssue({ code: 'custom', path: ['captchaString'], message: CAPTCHA_REQUIRED });
  });

export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { login } = useSession();
  // The pending session lives in this page only: a reload starts the login again.
  const [pending, setPending] = useState<PendingSignIn | null>(() => pendingOf(location.state));
  const target = safeReturnUrl(params.get('returnUrl'));
  const finish = async (token: string) => {
    await login(token);
    void navigate(target, { replace: true });
  };
  if (pending) {
    const cancel = () => setPending(null);
    return (
      <AuthLayout
        title={pending.secondFactor === 'code' ? 'Two-factor sign-in' : 'Set up two-factor sign-in'}
      >
        <Suspense fallback={<Loading />}>
          {pending.secondFactor === 'code' ? (
            <CodeStep token={pending.token} onDone={() => finish(pending.token)} onCancel={cancel} />
          ) : (
            <EnrolStep token={pending.token} onDone={() => finish(pending.token)} />
          )}
        </Suspense>
      </AuthLayout>
    );
  }
  return <PasswordStep onPending={setPending} onComplete={finish} />;
}

function PasswordStep({
  onPending,
  onComplete,
}: {
  onPending: (p: PendingSignIn) => void;
  onComplete: (token: string) => Promise<void>;
}) {
  const captcha = useCaptcha();
  const captchaOn = !!captcha.data?.image;
  const schema = useMemo(() => loginSchema(captchaOn), [captchaOn]);
  const form = useForm({
    schema,
    initialValues: { username: '', password: '', captchaString: '' },
    save: async (data) => {
      const check = captchaOn ? captcha.data?.check : undefined;
      const answer = await postLogin({
        username: data.username,
        password: data.password,
        captchaString: check ? data.captchaString?.trim() : undefined,
        captchaCheck: check,
      });
      if (answer.secondFactor === 'complete') await onComplete(answer.token);
      else onPending({ token: answer.token, secondFactor: answer.secondFactor });
    },
    success: null,
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
