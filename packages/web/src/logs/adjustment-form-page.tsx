// /app/logs/adjustments/create: a signed amount (pesos and/or dollars) for one agent, dated, with an internal
// note and an optional note to the agent, for what no postback covers. Admins with the earnings permission and superadmins (the call's rule).
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { datedInClosedPeriod, easternDay, ZAdjustment, type TAdjustment } from '@salesdesk/contract';
import { z } from 'zod';
import { useAgentOptions } from '../api/option-queries';
import { useForm } from '../api/use-form';
import { Page } from '../shell/page';
import { AgentSelect } from '../ui/choice-selects';
import { DayInput } from '../ui/date-range';
import { FormErrorBanner } from '../ui/field';
import { showNote } from '../ui/notes';
import { useAddAdjustment } from './sale-money-api';

export const SALE_LOGS_PATH = '/app/logs/sale-logs';
export const CHOOSE_AGENT = 'Choose an agent';
export const ADJUSTMENT_ADDED = 'Adjustment added';

export type AdjustmentValues = {
  agentId: number | null;
  payout: string;
  earning: string;
  date: string;
  note: string;
  agentNote: string;
};

const blank = (): AdjustmentValues => ({
  agentId: null,
  payout: '',
  earning: '',
  date: easternDay(new Date()),
  note: '',
  agentNote: '',
});

// A blank amount is 0: the contract's default, so only one of the two need be filled.
const schema = z.preprocess((v) => {
  const values = v as AdjustmentValues;
  return {
    ...values,
    payout: values.payout.trim() || undefined,
    earning: values.earning.trim() || undefined,
  };
}, ZAdjustment) as unknown as z.ZodType<TAdjustment, AdjustmentValues>;

export function AdjustmentFormPage() {
  const navigate = useNavigate();
  const agents = useAgentOptions(undefined);
  const add = useAddAdjustment();
  const form = useForm({
    schema,
    initialValues: blank(),
    // The note says which period pays an adjustment dated inside a closed one.
    save: async (data) => {
      const { paidIn } = await add.mutateAsync(data);
      showNote({
        type: 'success',
        heading: ADJUSTMENT_ADDED,
        body: paidIn ? datedInClosedPeriod(paidIn) : undefined,
      });
    },
    success: null,
    navigateTo: SALE_LOGS_PATH,
  });
  const agentError = form.values.agentId === null && form.errors.agentId ? CHOOSE_AGENT : form.errors.agentId;

  return (
    <Page title="Add adjustment">
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm" maw={640}>
          <FormErrorBanner message={form.formError} />
          <AgentSelect
            rows={agents.data}
            required
            placeholder="Choose an agent"
            value={form.values.agentId === null ? null : String(form.values.agentId)}
            onChange={(v) => form.setFieldValue('agentId', v ? Number(v) : null)}
            error={agentError}
            name="agentId"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              {...form.getInputProps('payout')}
              label="Payout (₱)"
              description="Signed: -50 takes back"
              inputMode="decimal"
            />
            <TextInput
              {...form.getInputProps('earning')}
              label="Earning ($)"
              description="Signed, as the payout"
              inputMode="decimal"
            />
            <DayInput
              label="Date"
              required
              value={form.values.date}
              onChange={(v) => form.setFieldValue('date', v ?? '')}
              error={form.errors.date}
              name="date"
              w="auto"
            />
          </SimpleGrid>
          <Textarea
            {...form.getInputProps('note')}
            label="Note"
            description="Internal: only admins see it"
            required
            autosize
            minRows={2}
          />
          <Textarea
            {...form.getInputProps('agentNote')}
            label="Note to agent"
            description="Shown on the agent's pay statement; without one it reads Adjustment and its date"
            autosize
            minRows={1}
          />
          <Group>
            <Button type="submit" loading={form.saving}>
              Save
            </Button>
            <Button variant="default" onClick={() => navigate(SALE_LOGS_PATH)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
