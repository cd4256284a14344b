// /app/agents/create and /app/agents/edit/{id}: the Add Agent / Update Agent form, and on an edit the
// agent's payout details.
import { useMemo } from 'react';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { RecordGate } from '../shell/record-gate';
import { SuperadminSignInActions } from '../profile/account-sign-in-actions';
import { idToLoad, useIdParam } from '../ui/use-id-param';
import {
  hasRole,
  requireOffice,
  Role,
  ZAgentCreate,
  ZAgentUpdate,
  type TAgentDetail,
  type TAgentSite,
  type TAgentUpdate,
  type TMe,
} from '@salesdesk/contract';
import type { z } from 'zod';
import { useOfficeOptions } from '../api/option-queries';
import { useForm } from '../api/use-form';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { FormErrorBanner } from '../ui/field';
import { NewPasswordFields } from '../ui/password-fields';
import { Loading } from '../ui/loading';
import { RichTextEditor } from '../rich-text';
import { useAgent, useSaveAgent } from './api';
import { AgentDeleteButton } from './agent-delete-button';
import { AgentPayoutSection } from './agent-payout-section';
import { AgentSitesField, siteEnabled, useOfficeSites } from './agent-sites-field';

type AgentValues = {
  officeId: number | null;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  passwordConfirm: string;
  mustRead: string;
  active: boolean;
  sites: TAgentSite[];
};

const blank = (me: TMe): AgentValues => ({
  officeId: hasRole(me.role, Role.Admin) ? null : me.companyId,
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  passwordConfirm: '',
  mustRead: '',
  active: true,
  sites: [],
});

const fromDetail = (a: TAgentDetail): AgentValues => ({
  officeId: a.officeId,
  firstName: a.firstName,
  lastName: a.lastName,
  username: a.username,
  email: a.email,
  password: '',
  passwordConfirm: '',
  mustRead: a.mustRead,
  active: a.active,
  sites: a.sites.map((s) => ({ siteId: s.siteId, enable: s.enable })),
});

export function AgentFormPage() {
  const id = useIdParam();
  const agent = useAgent(idToLoad(id));
  return (
    <Page title={id === undefined ? 'Add Agent' : 'Update Agent'}>
      <RecordGate id={id} query={agent} back={{ to: '/app/agents', label: 'Back to Agents' }}>
        {(data) => (
          <Stack gap="lg">
            <AgentForm key={idToLoad(id) ?? 'new'} id={idToLoad(id)} agent={data} />
            {data ? <AgentPayoutSection id={data.id} /> : null}
            <SuperadminSignInActions account={data} />
          </Stack>
        )}
      </RecordGate>
    </Page>
  );
}

function AgentForm({ id, agent }: { id?: number; agent?: TAgentDetail }) {
  const navigate = useNavigate();
  const me = useMe();
  const creating = id === undefined;
  const isAdmin = hasRole(me.role, Role.Admin);
  // An admin names the office on create; only a superadmin moves an existing agent; an office never chooses.
  const officeEditable = isAdmin && (creating || me.role === Role.Superadmin);
  const schema = useMemo(() => {
    const base = creating ? ZAgentCreate : ZAgentUpdate;
    const checked = creating && isAdmin ? base.superRefine(requireOffice) : base;
    // One set of values for both forms; the update schema drops the username, fixed after creation.
    return checked as unknown as z.ZodType<TAgentUpdate, AgentValues>;
  }, [creating, isAdmin]);
  const save = useSaveAgent(id);
  const form = useForm({
    schema,
    initialValues: agent ? fromDetail(agent) : blank(me),
    // Every site of the office with its switch; before the sites are known an update keeps the old ones.
    save: (data) =>
      save.mutateAsync({
        ...data,
        sites: officeSites.ready
          ? officeSites.sites.map((s) => ({
              siteId: s.id,
              enable: siteEnabled(data.sites ?? [], s.id, creating),
            }))
          : undefined,
      }),
    navigateTo: '/app/agents',
  });
  const offices = useOfficeOptions(isAdmin);
  const officeSites = useOfficeSites(form.values.officeId);

  const officeData = (offices.data ?? []).map((o) => ({ value: String(o.id), label: o.officeName }));
  const loadingSites = form.values.officeId !== null && !officeSites.ready;

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={900}>
        <FormErrorBanner message={form.formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {isAdmin ? (
            <Select
              label="Office"
              data={officeData}
              value={form.values.officeId === null ? null : String(form.values.officeId)}
              onChange={(v) => form.setFieldValue('officeId', v ? Number(v) : null)}
              error={form.errors.officeId}
              required={creating}
              disabled={!officeEditable}
              searchable
            />
          ) : null}
          <TextInput {...form.getInputProps('username')} label="Username" required disabled={!creating} />
          <TextInput {...form.getInputProps('firstName')} label="First Name" required />
          <TextInput {...form.getInputProps('lastName')} label="Last Name" required />
          <TextInput {...form.getInputProps('email')} label="Email" type="email" />
          <NewPasswordFields inputProps={form.getInputProps} required={creating} />
        </SimpleGrid>
        <Checkbox {...form.getCheckboxProps('active')} label="Active" />
        {form.values.officeId === null ? (
          <Text size="sm" c="dimmed">
            Choose an office to see its sites.
          </Text>
        ) : loadingSites ? (
          <Loading />
        ) : (
          <AgentSitesField
            sites={officeSites.sites}
            values={form.values.sites}
            creating={creating}
            onChange={(next) => form.setFieldValue('sites', next)}
            error={form.errors.sites}
          />
        )}
        <RichTextEditor
          label="Must Read (optional)"
          value={form.values.mustRead}
          onChange={(html) => form.setFieldValue('mustRead', html)}
        />
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!form.isValid || save.isPending || loadingSites}
          >
            Save
          </Button>
          <Button variant="default" onClick={() => navigate('/app/agents')}>
            Cancel
          </Button>
          {agent && me.canDelete ? <AgentDeleteButton id={agent.id} username={agent.username} /> : null}
        </Group>
      </Stack>
    </form>
  );
}
