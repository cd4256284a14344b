// /app/settings/options (superadmin): the 'Auto Block Account' checkbox and Save (spec 2 section 2.17).
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { NEWS_SAVED_NOTE, OPTION_NAMES, optionOn, optionValue, type TOption } from '@salesdesk/contract';
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
  const save = useSaveOptions();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate([{ name: OPTION_NAMES.autoBlockAccount, value: optionValue(autoBlock) }], {
      onSuccess: () => showNote({ type: 'success', ...NEWS_SAVED_NOTE }),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Checkbox
          label="Auto Block Account"
          checked={autoBlock}
          onChange={(e) => setAutoBlock(e.currentTarget.checked)}
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
