// The invalid-traffic part of System Options (issue 35): how each reason is treated (counted as valid,
// flagged, or for machines refused), the addresses of the staff's own traffic, and the repeat rule.
import { Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  INTERNAL_TEST_PARAM,
  INVALID_MODE_FIELDS,
  INVALID_MODE_LABELS,
  INVALID_REASON_LABELS,
  INVALID_REASONS,
  modesOf,
  REPEAT_MAX_LIMIT,
  REPEAT_MINUTES_LIMIT,
  type TInvalidReason,
  type TOptionsUpdate,
  type TSystemOptionsFormValues,
} from '@salesdesk/contract';
import type { SavingForm } from '../api/use-form';
import { DatacenterListField } from './datacenter-list-field';

type Form = SavingForm<TSystemOptionsFormValues, TOptionsUpdate>;

/** What each reason catches, under its select. */
const REASON_HINTS: Record<TInvalidReason, string> = {
  BLACKLISTED_IP: 'A click from an address on the Black List Ip',
  INTERNAL: `Staff testing: a link opened with ?${INTERNAL_TEST_PARAM}=1, or from an internal address below`,
  PREVIEW: 'Link-preview robots of chat and social apps (WhatsApp, Facebook, Telegram, Slack...)',
  BOT: 'Crawlers, monitors, HTTP libraries and headless browsers, or no user agent at all',
  HEAD: 'A HEAD request (link checkers): answered like a click, never a person',
  DATACENTER: "An address in a cloud provider's published ranges",
  REPEAT: 'The same address and browser on the same link more often than the rule below',
};

export function InvalidTrafficOptions({ form }: { form: Form }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" mt="md">
        Invalid traffic
      </Title>
      <Text size="sm" c="dimmed">
        Every click is kept and redirected. A flagged click is shown with its reason and never counted as a
        unique click; a refused one is answered 404 and only counted.
      </Text>
      {INVALID_REASONS.map((r) => (
        <Select
          key={r}
          label={INVALID_REASON_LABELS[r]}
          description={REASON_HINTS[r]}
          data={modesOf(r).map((value) => ({ value, label: INVALID_MODE_LABELS[value] }))}
          allowDeselect={false}
          w={360}
          {...form.getInputProps(INVALID_MODE_FIELDS[r])}
        />
      ))}
      <DatacenterListField />
      <Textarea
        label="Internal traffic addresses"
        description="Addresses and ranges of your own staff, separated by commas or lines (203.0.113.7, 10.0.0.0/8)"
        autosize
        minRows={2}
        maxRows={8}
        {...form.getInputProps('internalTrafficAddresses')}
      />
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Repeat Clicks"
          description={`Clicks of one address and browser on one link that count (1 to ${REPEAT_MAX_LIMIT})`}
          inputMode="numeric"
          w={260}
          {...form.getInputProps('repeatClicksMax')}
        />
        <TextInput
          label="Repeat Minutes"
          description={`Within this many minutes; more are repeats (1 to ${REPEAT_MINUTES_LIMIT})`}
          inputMode="numeric"
          w={260}
          {...form.getInputProps('repeatClicksMinutes')}
        />
      </Group>
    </Stack>
  );
}
