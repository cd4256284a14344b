// /app/settings/api-keys/create and /app/profile/api-keys/create: 'New API Key'. The current password
// (and the two-factor code when the account has it) confirms it is the owner; the scopes offered are
// those the account may grant (contract apiKeyScopesOf). The key made is shown once, then the list.
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  PasswordInput,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  API_KEY_RATE_DEFAULT,
  API_KEY_RATE_MAX,
  API_KEY_SCOPE_LABELS,
  API_KEY_TEXTS,
  apiKeyScopesOf,
  type TApiKeyCreated,
  type TApiKeyScope,
} from '@salesdesk/contract';
import { retypeCode, useForm } from '../api/use-form';
import { useTwoFactorStatus } from '../profile/two-factor-api';
import { useMe } from '../session/use-session';
import { Page } from '../shell/page';
import { DayInput } from '../ui/date-range';
import { FormErrorBanner } from '../ui/field';
import { API_KEYS_PATHS, useCreateApiKey, type ApiKeysPlace } from './api';
import { blankApiKeyForm, ZApiKeyForm } from './api-key-form';
import { KeyShownDialog } from './key-shown-dialog';

function ApiKeyCreatePage({ place }: { place: ApiKeysPlace }) {
  const me = useMe();
  const navigate = useNavigate();
  const listPath = API_KEYS_PATHS[place];
  const scopes = apiKeyScopesOf(me);
  const twoFactor = useTwoFactorStatus();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const form = useForm({
    schema: ZApiKeyForm,
    initialValues: blankApiKeyForm,
    save: async (body) => setCreated(await create.mutateAsync(body)),
    success: null,
    onRefused: (err, f) => retypeCode(err, f),
  });

  return (
    <Page title={API_KEY_TEXTS.createTitle}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm" maw={600}>
          <FormErrorBanner message={form.formError} />
          <TextInput {...form.getInputProps('name')} label="Name" required maxLength={64} />
          <Checkbox.Group
            label="Scopes"
            description="What the key may do; never more than your account"
            required
            value={form.values.scopes}
            onChange={(v) => form.setFieldValue('scopes', v as TApiKeyScope[])}
            error={form.errors.scopes}
          >
            <Stack gap={6} mt={6}>
              {scopes.map((s) => (
                <Checkbox key={s} value={s} label={`${s}: ${API_KEY_SCOPE_LABELS[s]}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <DayInput
            label="Expires"
            description={API_KEY_TEXTS.expiryHint}
            value={form.values.expiresAt || undefined}
            onChange={(v) => form.setFieldValue('expiresAt', v ?? '')}
            error={form.errors.expiresAt}
            clearable
          />
          <Textarea
            {...form.getInputProps('allowedIps')}
            label="Allowed IP addresses"
            description={API_KEY_TEXTS.ipsHint}
            autosize
            minRows={2}
          />
          <NumberInput
            {...form.getInputProps('rateLimit')}
            label="Rate limit"
            description={API_KEY_TEXTS.rateHint}
            placeholder={String(API_KEY_RATE_DEFAULT)}
            min={1}
            max={API_KEY_RATE_MAX}
            allowDecimal={false}
            allowNegative={false}
            w={200}
          />
          <PasswordInput
            {...form.getInputProps('currentPassword')}
            label="Current Password"
            autoComplete="current-password"
            required
            w={280}
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
          <Group>
            <Button type="submit" loading={form.saving} disabled={form.saving}>
              Create Key
            </Button>
            <Button variant="default" onClick={() => void navigate(listPath)} disabled={form.saving}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
      {created ? <KeyShownDialog created={created} onDone={() => void navigate(listPath)} /> : null}
    </Page>
  );
}

export const SettingsApiKeyCreatePage = () => <ApiKeyCreatePage place="settings" />;
export const ProfileApiKeyCreatePage = () => <ApiKeyCreatePage place="profile" />;
