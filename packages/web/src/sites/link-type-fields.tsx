// The inputs of the sale type form. The bonus fields appear only when the bonus flag is on; on
// approve-sale sites the rates are 'Day#1 Approval' and the bonus ones 'Day#2 Sale/Payout/Earning/lpp'.
import { Checkbox, Fieldset, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { linkTypeLabels, type ZLinkTypeUpdate } from '@salesdesk/contract';
import type { z } from 'zod';
import type { ZodForm } from '../api/use-form';
import { BONUS_COLOR } from '../ui/money';

export type LinkTypeValues = {
  typename: string;
  typealias: string;
  username: string;
  url: string;
  bbrCh: number | null;
  payout: string;
  earning: string;
  lpp: number | string;
  bonus: boolean;
  bonusPayout: string;
  bonusEarning: string;
  bonusLpp: number | string;
  status: boolean;
};

type Form = ZodForm<LinkTypeValues, z.output<typeof ZLinkTypeUpdate>>;

/** A whole-number input: Mantine answers '' when it is empty, which the schema then refuses. */
function WholeInput({ form, name, label }: { form: Form; name: 'lpp' | 'bonusLpp'; label: string }) {
  const { value, ...props } = form.getInputProps(name);
  return (
    <NumberInput
      {...props}
      value={value}
      onChange={(v) => form.setFieldValue(name, v)}
      label={label}
      required
      min={0}
      allowDecimal={false}
      allowNegative={false}
    />
  );
}

export function LinkTypeFields({ form, useApproveSale }: { form: Form; useApproveSale: boolean }) {
  const labels = linkTypeLabels(useApproveSale);
  const bonusPrefix = labels.bonus;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...form.getInputProps('typename')} label="Link name" required />
        <TextInput {...form.getInputProps('typealias')} label="Alias" required />
        <TextInput {...form.getInputProps('username')} label="Username" required />
        <TextInput {...form.getInputProps('url')} label="URL" required type="url" />
        <NumberInput
          label="Ch"
          description="Integration channel"
          value={form.values.bbrCh ?? ''}
          onChange={(v) => form.setFieldValue('bbrCh', v === '' ? null : Number(v))}
          error={form.errors.bbrCh}
          min={0}
          allowDecimal={false}
          allowNegative={false}
        />
      </SimpleGrid>
      <Fieldset legend={useApproveSale ? labels.priceColumn : 'Payout/Earning/lpp'}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput {...form.getInputProps('payout')} label="Payout (₱)" required inputMode="decimal" />
          <TextInput {...form.getInputProps('earning')} label="Earning ($)" required inputMode="decimal" />
          <WholeInput form={form} name="lpp" label="lpp" />
        </SimpleGrid>
      </Fieldset>
      <Checkbox {...form.getCheckboxProps('bonus')} label={labels.bonus} />
      {form.values.bonus && (
        <Fieldset legend={labels.bonusFields} styles={{ legend: { color: BONUS_COLOR } }}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              {...form.getInputProps('bonusPayout')}
              label={`${bonusPrefix} Payout (₱)`}
              inputMode="decimal"
            />
            <TextInput
              {...form.getInputProps('bonusEarning')}
              label={`${bonusPrefix} Earning ($)`}
              inputMode="decimal"
            />
            <WholeInput form={form} name="bonusLpp" label={`${bonusPrefix} lpp`} />
          </SimpleGrid>
        </Fieldset>
      )}
    </>
  );
}
