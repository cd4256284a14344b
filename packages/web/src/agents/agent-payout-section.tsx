// An agent's payout details on its form (issue 36): superadmins and admins who see earnings read them whole
// and set or correct them; offices and other admins see the method and last 4 only.
import { Button, Group, Stack } from '@mantine/core';
import { PAYOUT_DETAILS_TEXTS as T, type TPayoutDetailsView } from '@salesdesk/contract';
import { useForm } from '../api/use-form';
import { PayoutSection } from '../profile/payout-details-section';
import { onDetailFields, payoutValues, PayoutFields, ZPayoutDetailsForm } from '../profile/payout-fields';
import { canChangeMoney } from '../shell/access-rules';
import { useMe } from '../session/use-session';
import { FormErrorBanner } from '../ui/field';
import { useAgentPayout, useSaveAgentPayout } from './payout-api';

function AgentPayoutForm({ id, view }: { id: number; view: TPayoutDetailsView }) {
  const save = useSaveAgentPayout(id);
  const form = useForm({
    schema: ZPayoutDetailsForm,
    initialValues: payoutValues(view),
    save: (body) => save.mutateAsync(body).catch((err: unknown) => Promise.reject(onDetailFields(err))),
    success: { heading: T.saved },
  });
  return (
    <form onSubmit={form.submit} noValidate aria-label={T.title}>
      <Stack gap="sm" maw={420}>
        <FormErrorBanner message={form.formError} />
        <PayoutFields method={form.values.method} inputProps={form.getInputProps} />
        <Group>
          <Button type="submit" loading={form.saving} disabled={form.saving}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AgentPayoutSection({ id }: { id: number }) {
  const editable = canChangeMoney(useMe());
  return (
    <PayoutSection
      view={useAgentPayout(id)}
      form={editable ? (v) => <AgentPayoutForm id={id} view={v} /> : undefined}
    />
  );
}
