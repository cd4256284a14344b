// The agent's own payout details on /app/profile (issue 36): what is set now, the method and its fields,
// the current password and, when two-factor sign-in is on, a code; why a fresh change waits.
import type { ReactNode } from 'react';
import { Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { z } from 'zod';
import {
  formatDateTime,
  PAYOUT_DETAILS_TEXTS as T,
  payoutSummaryText,
  ZOwnPayoutUpdate,
  type TPayoutDetailsView,
} from '@salesdesk/contract';
import { retypeCode, useForm } from '../api/use-form';
import { FormErrorBanner } from '../ui/field';
import { Loading } from '../ui/loading';
import {
  checkDetails,
  onDetailFields,
  payoutValues,
  PayoutFields,
  ZPayoutFieldValues,
} from './payout-fields';
import { useOwnPayout, useSaveOwnPayout } from './payout-api';
import { useTwoFactorStatus } from './two-factor-api';

const S = ZOwnPayoutUpdate.shape;
const ZCode = z
  .string()
  .transform((v) => v.trim() || undefined)
  .pipe(S.code);

/** The form: the details fields, the current password and the code, each checked by the contract. */
export const ZOwnPayoutForm = ZPayoutFieldValues.extend({
  currentPassword: z.string(),
  code: z.string(),
}).transform((v, ctx) => {
  const details = checkDetails(v, ctx);
  const password = S.currentPassword.safeParse(v.currentPassword);
  const code = ZCode.safeParse(v.code);
  for (const [path, r] of [
    ['currentPassword', password],
    ['code', code],
  ] as const)
    if (!r.success) ctx.addIssue({ code: 'custom', path: [path], message: r.error.issues[0].message });
  if (!details || !password.success || !code.success) return z.NEVER;
  return { details, currentPassword: password.data, code: code.data };
});

/** The line under the title: what is set now, and until when a payment to it waits. */
export function PayoutNow({ view }: { view: TPayoutDetailsView }) {
  return (
    <Stack gap={2}>
      <Text size="sm">{view.summary ? payoutSummaryText(view.summary) : T.none}</Text>
      {view.heldUntil ? (
        <Text size="sm" c="orange.8">
          {T.heldUntil(formatDateTime(view.heldUntil))}
        </Text>
      ) : null}
    </Stack>
  );
}

function OwnPayoutForm({ view }: { view: TPayoutDetailsView }) {
  const twoFactor = useTwoFactorStatus();
  const save = useSaveOwnPayout();
  const initial = { ...payoutValues(view), currentPassword: '', code: '' };
  const form = useForm({
    schema: ZOwnPayoutForm,
    initialValues: initial,
    save: (body) => save.mutateAsync(body).catch((err: unknown) => Promise.reject(onDetailFields(err))),
    success: { heading: T.saved },
    onSaved: (f) => f.reset({ ...f.values, currentPassword: '', code: '' }),
    onRefused: (err, f) => retypeCode(err, f),
  });
  return (
    <form onSubmit={form.submit} noValidate aria-label={T.title}>
      <Stack gap="sm" maw={420}>
        <FormErrorBanner message={form.formError} />
        <PayoutFields method={form.values.method} inputProps={form.getInputProps} />
        <PasswordInput
          {...form.getInputProps('currentPassword')}
          label="Current Password"
          autoComplete="current-password"
          required
        />
        {twoFactor.data?.enabled ? (
          <TextInput
            {...form.getInputProps('code')}
            label="Code or recovery code"
            description="From your authenticator app"
            autoComplete="one-time-code"
            required
            w={240}
          />
        ) : null}
        <Text size="xs" c="dimmed">
          {T.holdHint}
        </Text>
        <Group>
          <Button type="submit" loading={form.saving} disabled={form.saving}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The section both payout forms share (Profile, an agent's form): the title, what is set now, and
 * `form` under it where the viewer may change it; loading, and a refusal said, as every screen.
 */
export function PayoutSection({
  view,
  form,
}: {
  view: { data?: TPayoutDetailsView; isError: boolean };
  form?: (view: TPayoutDetailsView) => ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {T.title}
      </Title>
      {view.data ? (
        <>
          <PayoutNow view={view.data} />
          {form?.(view.data)}
        </>
      ) : view.isError ? (
        <Text c="red" role="alert">
          {T.loadFailed}
        </Text>
      ) : (
        <Loading />
      )}
    </Stack>
  );
}

export function PayoutDetailsSection() {
  return <PayoutSection view={useOwnPayout()} form={(v) => <OwnPayoutForm view={v} />} />;
}
