// An agent's payout details on its form (issue 36): superadmins and admins who see earnings read them whole
// and set or correct them; offices and other admins see the method and last 4 only.
import { Button, Group, Stack, Title } from '@mantine/core';
import { PAYOUT_DETAILS_TEXTS as T, type TPayoutDetailsView } from '@salesdesk/contract';
import { useForm } from '../api/use-form';
import { PayoutNow } from '../profile/payout-details-section';
import { onDetailFields, payoutValues, PayoutFields, ZPayoutDetailsForm } from '../profile/payout-fields';
import { canChangeMoney } from '../shell/access-rules';
import { useMe } from '../session/use-session';
import { FormErrorBanner } from '../ui/field';
import { Loading } from '../ui/loading';
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
  const me = useMe();
  const view = useAgentPayout(id);
  const editable = canChangeMoney(me);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {T.title}
      </Title>
      {view.data ? (
        <>
          <PayoutNow view={view.data} />
          {editable ? <AgentPayoutForm id={id} view={view.data} /> : null}
        </>
      ) : view.isPending ? (
        <Loading />
      ) : null}
    </Stack>
  );
}
