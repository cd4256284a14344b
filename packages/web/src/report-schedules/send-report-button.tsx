// `Send this report` (issue 37): the report page's current filters without its dates, mailed daily,
// weekly or monthly; the frequency is chosen in a small form.
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import {
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  REPORT_SCHEDULE_TEXTS,
  REPORT_TITLES,
  ZReportScheduleCreate,
  type TReportFrequency,
  type TReportScheduleCreate,
  type TReportTarget,
} from '@salesdesk/contract';
import { useForm } from '../api/use-form';
import { FormErrorBanner } from '../ui/field';
import { useCreateReportSchedule } from './api';

export const FREQUENCY_LABEL = 'Frequency';
const FREQUENCY_OPTIONS = REPORT_FREQUENCIES.map((f) => ({ value: f, label: REPORT_FREQUENCY_LABELS[f] }));

/** The report and its filters, each kind with its own (the contract's schedule schema). */
export type SendReportButtonProps = { report: TReportTarget };

export function SendReportButton({ report }: SendReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        {REPORT_SCHEDULE_TEXTS.send}
      </Button>
      {open && <SendReportDialog report={report} onDone={() => setOpen(false)} />}
    </>
  );
}

function SendReportDialog({ report, onDone }: SendReportButtonProps & { onDone: () => void }) {
  const create = useCreateReportSchedule();
  const initialValues: TReportScheduleCreate = { ...report, frequency: 'daily' };
  const form = useForm({
    schema: ZReportScheduleCreate,
    initialValues,
    save: (body) => create.mutateAsync(body),
    success: { heading: REPORT_SCHEDULE_TEXTS.saved },
    onSaved: onDone,
    otherErrorsToForm: true,
  });
  return (
    <Modal opened onClose={onDone} title={REPORT_SCHEDULE_TEXTS.send} centered>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{REPORT_TITLES[report.kind]}</Text>
          <FormErrorBanner message={form.formError} />
          <Select
            label={FREQUENCY_LABEL}
            data={FREQUENCY_OPTIONS}
            value={form.values.frequency}
            onChange={(v) => v && form.setFieldValue('frequency', v as TReportFrequency)}
            allowDeselect={false}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} disabled={form.saving}>
              Cancel
            </Button>
            <Button type="submit" loading={form.saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
