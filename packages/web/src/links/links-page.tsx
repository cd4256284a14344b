// /app/links/links: choose a site, an office (admins) and an agent (offices and above; an agent is
// itself), then 'Get links' lists that agent's tracking link of every active link type of the site.
import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  hasRole,
  LINK_TRUNCATE_LENGTHS,
  Role,
  type TLinksListRequest,
  type TLinkTruncateLength,
} from '@salesdesk/contract';
import { isApiError } from '../api/client';
import { useAgentOptions, useOfficeOptions, useSiteOptions } from '../api/option-queries';
import { AgentSelect, OfficeSelect, SiteSelect } from '../ui/choice-selects';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { LinkCodesTable } from './link-codes-table';
import { useLinkLength } from './link-length';
import { useLinkCodes } from './api';

export const LINK_LENGTH_HELP =
  'How many characters of each link the table shows; Copy always copies the whole link.';
export const SITE_NOT_ENABLED = 'This agent does not have this site enabled.';

export function LinksPage() {
  const me = useMe();
  const isAdmin = hasRole(me.role, Role.Admin);
  const isAgent = me.role === Role.Agent;
  const [siteId, setSiteId] = useState<string | null>(null);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [chosenAgent, setChosenAgent] = useState<string | null>(null);
  const agentId = isAgent ? (me.agentId === null ? null : String(me.agentId)) : chosenAgent;
  const [request, setRequest] = useState<TLinksListRequest | null>(null);
  // A changed choice clears the links of the previous one: the table never shows someone else's.
  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setRequest(null);
    };
  const [length, setLength] = useLinkLength();

  const sites = useSiteOptions(false);
  const offices = useOfficeOptions(isAdmin);
  const agents = useAgentOptions(isAdmin ? (companyId ?? undefined) : undefined);
  const links = useLinkCodes(request);
  const notEnabled = isApiError(links.error) && links.error.status === 404;
  // The call is silent: its failures are said here, beside the form, not in a note.
  const failure = links.error ? (notEnabled ? SITE_NOT_ENABLED : links.error.message) : null;

  return (
    <Page title="Links">
      <Stack gap="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (siteId && agentId) setRequest({ siteId: Number(siteId), agentId: Number(agentId) });
          }}
        >
          <Group gap="xs" align="flex-end">
            <SiteSelect
              rows={sites.data}
              placeholder="Choose a site"
              value={siteId}
              onChange={change(setSiteId)}
              clearable={false}
              w={220}
            />
            {isAdmin && (
              <OfficeSelect
                rows={offices.data}
                placeholder="All offices"
                value={companyId}
                onChange={change((v: string | null) => {
                  setCompanyId(v);
                  setChosenAgent(null);
                })}
                w={220}
              />
            )}
            {!isAgent && (
              <AgentSelect
                rows={agents.data}
                placeholder="Choose an agent"
                value={chosenAgent}
                onChange={change(setChosenAgent)}
                w={200}
              />
            )}
            <Button type="submit" disabled={!siteId || !agentId} loading={links.isFetching}>
              Get links
            </Button>
          </Group>
        </form>
        <Stack gap={2}>
          <Group gap="xs">
            <Text size="sm" id="link-length-label">
              Link length
            </Text>
            <SegmentedControl
              aria-labelledby="link-length-label"
              aria-describedby="link-length-help"
              size="xs"
              data={LINK_TRUNCATE_LENGTHS.map((n) => ({ value: String(n), label: String(n) }))}
              value={String(length)}
              onChange={(v) => setLength(Number(v) as TLinkTruncateLength)}
            />
          </Group>
          <Text size="xs" c="dimmed" id="link-length-help">
            {LINK_LENGTH_HELP}
          </Text>
        </Stack>
        {failure && (
          <Alert color={notEnabled ? 'yellow' : 'red'} role="alert">
            {failure}
          </Alert>
        )}
        {request && !failure && (
          <LinkCodesTable rows={links.data ?? []} length={length} loading={links.isFetching} />
        )}
      </Stack>
    </Page>
  );
}
