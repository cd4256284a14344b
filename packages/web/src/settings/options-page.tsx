// /app/settings/options (superadmin): the 'Auto Block Account' checkbox (spec 2 section 2.17), the days
// the postback log and the audit log keep, the months of raw clicks kept, the pay cycle, the largest
// adjustment (pesos and dollars), the minimum payout, the fraud rules (each off, flag only or hold
// for review, with its numbers), the roles that must sign in with two factors, whether webhooks may go
// to private addresses, the invalid-traffic rules, and Save.
import type { ReactNode } from 'react';
import { Button, Checkbox, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import {
  AUTO_BLOCK_HINT,
  AUDIT_LOG_DAYS_MAX,
  FRAUD_MODE_LABELS,
  FRAUD_MODES,
  FRAUD_RULE_LABELS,
  LARGEST_ADJUSTMENT_LABEL,
  MINIMUM_PAYOUT_LABEL,
  NEWS_SAVED_NOTE,
  PAY_CYCLE_LABELS,
  PAY_CYCLES,
  POSTBACK_LOG_DAYS_MAX,
  RAW_CLICK_MONTHS_MAX,
  REFUND_RATE_WINDOW_DAYS,
  REPEAT_EMAIL_WINDOW_HOURS,
  SELF_REFERRAL_WINDOW_DAYS,
  systemOptionsValues,
  ZSystemOptionsForm,
  type TOption,
  type TOptionsUpdate,
  type TSystemOptionsFormValues,
  WEBHOOKS_PRIVATE_HINT,
  WEBHOOKS_PRIVATE_LABEL,
} from '@salesdesk/contract';
import { useForm, type SavingForm } from '../api/use-form';
import { Page } from '../shell/page';
import { FormErrorBanner } from '../ui/field';
import { Loading } from '../ui/loading';
import { useOptions, useSaveOptions } from './api';
import { InvalidTrafficOptions } from './invalid-traffic-options';

const PAY_CYCLE_OPTIONS = PAY_CYCLES.map((value) => ({ value, label: PAY_CYCLE_LABELS[value] }));
const MODE_OPTIONS = FRAUD_MODES.map((value) => ({ value, label: FRAUD_MODE_LABELS[value] }));

type Form = SavingForm<TSystemOptionsFormValues, TOptionsUpdate>;
type ModeField =
  'fastSaleMode' | 'repeatEmailMode' | 'selfReferralMode' | 'refundRateMode' | 'invalidClickMode';
type NumberField = 'fastSaleSeconds' | 'repeatEmailMax' | 'refundRatePercent' | 'refundRateMinSales';

export function OptionsPage() {
  const options = useOptions();
  return (
    <Page title="System Options">
      {options.isPending ? <Loading /> : options.data ? <OptionsForm options={options.data} /> : null}
    </Page>
  );
}

function OptionsForm({ options }: { options: TOption[] }) {
  const save = useSaveOptions();
  const form = useForm({
    schema: ZSystemOptionsForm,
    initialValues: systemOptionsValues(options),
    save: (list) => save.mutateAsync(list),
    success: NEWS_SAVED_NOTE,
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={560}>
        <FormErrorBanner message={form.formError} />
        <Checkbox
          label="Auto Block Account"
          description={AUTO_BLOCK_HINT}
          {...form.getCheckboxProps('autoBlockAccount')}
        />
        <TextInput
          label="Postback Log Days"
          description={`How many days the postback log keeps (1 to ${POSTBACK_LOG_DAYS_MAX})`}
          inputMode="numeric"
          w={260}
          {...form.getInputProps('postbackLogDays')}
        />
        <TextInput
          label="Audit Log Days"
          description={`How many days the audit log keeps (1 to ${AUDIT_LOG_DAYS_MAX})`}
          inputMode="numeric"
          w={260}
          {...form.getInputProps('auditLogDays')}
        />
        <TextInput
          label="Raw Clicks Kept (months)"
          description={`Whole months of raw clicks kept before the current one (up to ${RAW_CLICK_MONTHS_MAX}); empty or 0 keeps every click. Older months are dropped: statistics and sales keep them, but a sale reported for a dropped click is refused as an unknown click.`}
          inputMode="numeric"
          w={420}
          {...form.getInputProps('rawClickMonths')}
        />
        <Select
          label="Pay Cycle"
          description="The span of a pay period, in US Eastern time"
          data={PAY_CYCLE_OPTIONS}
          allowDeselect={false}
          w={320}
          {...form.getInputProps('payCycle')}
        />
        <Group align="flex-start" gap="md">
          <TextInput
            label={`${LARGEST_ADJUSTMENT_LABEL} (₱)`}
            description="The most one adjustment may add or take back, in pesos"
            inputMode="decimal"
            w={260}
            {...form.getInputProps('largestAdjustmentPayout')}
          />
          <TextInput
            label={`${LARGEST_ADJUSTMENT_LABEL} ($)`}
            description="The same in dollars"
            inputMode="decimal"
            w={260}
            {...form.getInputProps('largestAdjustmentEarning')}
          />
        </Group>
        <TextInput
          label={MINIMUM_PAYOUT_LABEL}
          description="A positive balance below it is not paid: it is carried into the next statement (0 pays every positive balance)"
          inputMode="decimal"
          w={420}
          {...form.getInputProps('minimumPayout')}
        />
        <Checkbox.Group
          label="Require two-factor sign-in"
          description="These roles sign in with a code from an authenticator app; one without it is sent to set it up after the password"
          value={form.values.twoFactorRoles}
          onChange={(v) =>
            form.setFieldValue('twoFactorRoles', v as TSystemOptionsFormValues['twoFactorRoles'])
          }
        >
          <Group mt="xs">
            <Checkbox value="0" label="Superadmin" />
            <Checkbox value="5" label="Admin" />
            <Checkbox value="10" label="Office" />
          </Group>
        </Checkbox.Group>
        <Checkbox
          label={WEBHOOKS_PRIVATE_LABEL}
          description={WEBHOOKS_PRIVATE_HINT}
          {...form.getCheckboxProps('webhooksPrivateAddresses')}
        />
        <Title order={2} size="h4" mt="md">
          Fraud rules
        </Title>
        <FraudRule form={form} mode="fastSaleMode" label={FRAUD_RULE_LABELS.fastSale}>
          <NumberField
            form={form}
            field="fastSaleSeconds"
            label="Seconds after the click"
            description="A sale sooner trips the rule; Day#2 sales of approve-sale sites never do"
          />
        </FraudRule>
        <FraudRule form={form} mode="repeatEmailMode" label={FRAUD_RULE_LABELS.repeatEmail}>
          <NumberField
            form={form}
            field="repeatEmailMax"
            label="Sales per e-mail"
            description={`Per site, within ${REPEAT_EMAIL_WINDOW_HOURS} hours; one more trips the rule`}
          />
        </FraudRule>
        <FraudRule
          form={form}
          mode="selfReferralMode"
          label={FRAUD_RULE_LABELS.selfReferral}
          description={`The agent signed in from the click's address in the last ${SELF_REFERRAL_WINDOW_DAYS} days`}
        />
        <FraudRule form={form} mode="refundRateMode" label={FRAUD_RULE_LABELS.refundRate}>
          <NumberField
            form={form}
            field="refundRatePercent"
            label="Refund rate"
            description={`Percent of the agent's sales of the last ${REFUND_RATE_WINDOW_DAYS} days refunded or charged back`}
          />
          <NumberField
            form={form}
            field="refundRateMinSales"
            label="Minimum sales"
            description={`The agent's sales in those ${REFUND_RATE_WINDOW_DAYS} days before the rate counts`}
          />
        </FraudRule>
        <FraudRule
          form={form}
          mode="invalidClickMode"
          label={FRAUD_RULE_LABELS.invalidClick}
          description="The sale's click was flagged as invalid traffic (a bot, a preview, staff, a repeat...)"
        />
        <InvalidTrafficOptions form={form} />
        <Group>
          <Button type="submit" loading={form.saving} disabled={form.saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One rule: its mode (Off / Flag only / Hold for review), named by the rule, and its numbers. */
function FraudRule({
  form,
  mode,
  label,
  description,
  children,
}: {
  form: Form;
  mode: ModeField;
  label: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <Select
        label={label}
        description={description ?? 'Off, flag the sale only, or hold it for review'}
        data={MODE_OPTIONS}
        allowDeselect={false}
        w={260}
        {...form.getInputProps(mode)}
      />
      {children}
    </Group>
  );
}

function NumberField({
  form,
  field,
  label,
  description,
}: {
  form: Form;
  field: NumberField;
  label: string;
  description?: string;
}) {
  return (
    <TextInput
      label={label}
      description={description}
      inputMode="numeric"
      w={260}
      {...form.getInputProps(field)}
    />
  );
}
