// /app/settings/options (superadmin): the 'Auto Block Account' checkbox (spec 2 section 2.17), the days
// the postback log keeps, and Save.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import {
  NEWS_SAVED_NOTE,
  OPTION_NAMES,
  optionOn,
  optionText,
  optionValue,
  POSTBACK_LOG_DAYS_DEFAULT,
  POSTBACK_LOG_DAYS_MAX,
  ZPostbackLogDays,
  type TOption,
} from '@salesdesk/contract';
import { Page } from '../shell/page';
import { Loading } from '../ui/loading';
import { showNote } from '../ui/notes';
import { useOptions, useSaveOptions } from './api';

export function OptionsPage() {
  const options = useOptions();
  return (
    <Page title="System Options">
      {options.isPending ? <Loading /> : options.data ? <OptionsForm options={options.data} /> : null}
    </Page>
  );
}

function OptionsForm({ options }: { options: TOption[] }) {
  const [autoBlock, setAutoBlock] = useState(() => optionOn(options, OPTION_NAMES.autoBlockAccount));
  const [logDays, setLogDays] = useState(() =>
    optionText(options, OPTION_NAMES.postbackLogDays, String(POSTBACK_LOG_DAYS_DEFAULT)),
  );
  const [logDaysError, setLogDaysError] = useState<string>();
  const save = useSaveOptions();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const days = ZPostbackLogDays.safeParse(logDays);
    setLogDaysError(days.error?.issues[0]?.message);
    if (!days.success) return;
    save.mutate(
      [
        { name: OPTION_NAMES.autoBlockAccount, value: optionValue(autoBlock) },
        { name: OPTION_NAMES.postbackLogDays, value: days.data },
      ],
      { onSuccess: () => showNote({ type: 'success', ...NEWS_SAVED_NOTE }) },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Checkbox
          label="Auto Block Account"
          checked={autoBlock}
          onChange={(e) => setAutoBlock(e.currentTarget.checked)}
        />
        <TextInput
          label="Postback Log Days"
          description={`How many days the postback log keeps (1 to ${POSTBACK_LOG_DAYS_MAX})`}
          inputMode="numeric"
          value={logDays}
          onChange={(e) => setLogDays(e.currentTarget.value)}
          error={logDaysError}
          w={260}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
