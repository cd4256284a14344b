// /app/chat-logs/create: an agent submits a chat log (client name, one of its sites, the conversation).
// A chat log is created, never edited: there is no edit page.
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  CLIENT_USERNAME_MAX,
  CONVERSATION_MAX,
  ZChatLogCreate,
  type TChatLogCreate,
} from '@salesdesk/contract';
import type { z } from 'zod';
import { useForm } from '../api/use-form';
import { useSiteOptions } from '../api/option-queries';
import { Page } from '../shell/page';
import { FormErrorBanner } from '../ui/field';
import { useCreateChatLog } from './api';

const LIST = '/app/logs/chat';

type ChatLogValues = { clientUsername: string; siteId: number | null; conversation: string };

export function ChatLogCreatePage() {
  const navigate = useNavigate();
  // For an agent GET sites answers its enabled, active sites: the ones it may log a chat for.
  const sites = useSiteOptions(false);
  const create = useCreateChatLog();
  const form = useForm({
    schema: ZChatLogCreate as unknown as z.ZodType<TChatLogCreate, ChatLogValues>,
    initialValues: {
      clientUsername: '',
      siteId: null,
      conversation: '',
    },
    save: (data) => create.mutateAsync(data),
    navigateTo: LIST,
  });

  return (
    <Page title="Add Chat Log">
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm" maw={700}>
          <FormErrorBanner message={form.formError} />
          <TextInput
            {...form.getInputProps('clientUsername')}
            label="Client Name"
            required
            maxLength={CLIENT_USERNAME_MAX}
          />
          <Select
            label="Site"
            required
            placeholder={sites.isPending ? 'Loading…' : 'Choose a site'}
            data={(sites.data ?? []).map((s) => ({ value: String(s.id), label: s.sitename }))}
            value={form.values.siteId === null ? null : String(form.values.siteId)}
            onChange={(v) => form.setFieldValue('siteId', v ? Number(v) : null)}
            onBlur={form.getInputProps('siteId').onBlur}
            error={form.errors.siteId}
            searchable
            nothingFoundMessage="No sites enabled for you"
          />
          <Textarea
            {...form.getInputProps('conversation')}
            label="Conversation"
            required
            rows={8}
            maxLength={CONVERSATION_MAX}
          />
          <Group>
            <Button type="submit" loading={create.isPending} disabled={!form.isValid || create.isPending}>
              Save
            </Button>
            <Button variant="default" onClick={() => navigate(LIST)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
