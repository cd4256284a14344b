// /app/settings/black-list-ip/create (Add Ip) and /delete (Delete Ips): one 'IP List' box, one address
// a line, and Confirm; both return to the black list (spec 2 sections 2.17 and 5).
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ZIpListForm, type TIpList } from '@salesdesk/contract';
import { fieldErrors } from '../api/api-error';
import { useForm } from '../api/use-form';
import { Page } from '../shell/page';
import { FormErrorBanner } from '../ui/field';
import { useAddIps, useDeleteIps } from './api';

const LIST = '/app/settings/black-list-ip';

export function BlackListIpCreatePage() {
  const add = useAddIps();
  return <IpListPage title="Add Ip" send={add.mutateAsync} pending={add.isPending} />;
}

export function BlackListIpDeletePage() {
  const remove = useDeleteIps();
  return <IpListPage title="Delete Ips" send={remove.mutateAsync} pending={remove.isPending} />;
}

function IpListPage({
  title,
  send,
  pending,
}: {
  title: string;
  send: (body: TIpList) => Promise<unknown>;
  pending: boolean;
}) {
  const navigate = useNavigate();
  const form = useForm({
    schema: ZIpListForm,
    initialValues: { ips: '' },
    save: send,
    success: null,
    navigateTo: LIST,
    // Every bad line is named, not only the first (the field shows one message by default).
    onRefused: (err, refused) => {
      const lines = fieldErrors(err).ips;
      if (lines?.length) refused.setErrors({ ips: lines.join('\n') });
    },
  });

  const error = form.errors.ips;
  return (
    <Page title={title}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm" maw={600}>
          <FormErrorBanner message={form.formError} />
          <Textarea
            {...form.getInputProps('ips')}
            error={error && <span style={{ whiteSpace: 'pre-line' }}>{error}</span>}
            label="IP List"
            description="One IP address per line"
            required
            rows={10}
            spellCheck={false}
          />
          <Group>
            <Button type="submit" loading={pending} disabled={!form.isValid || pending}>
              Confirm
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
