// The agent's sites: one switch per site of its office (an agent can only sell what its office has).
import { Group, Input, Switch, Text } from '@mantine/core';
import type { TAgentSite, TSiteOption } from '@salesdesk/contract';
import { useSiteOptions } from '../api/option-queries';
import { useOffice } from '../offices/api';

/** The sites of `officeId` with their names; `ready` once both calls answered. */
export function useOfficeSites(officeId: number | null) {
  const office = useOffice(officeId ?? undefined);
  const options = useSiteOptions(true);
  const ids = new Set(office.data?.siteIds ?? []);
  const sites: TSiteOption[] = (options.data ?? []).filter((s) => ids.has(s.id));
  return { sites, ready: officeId !== null && office.isSuccess && options.isSuccess };
}

/** The switch of a site: what the form holds, else on for a new agent and off for an existing one. */
export const siteEnabled = (values: TAgentSite[], siteId: number, creating: boolean) =>
  values.find((v) => v.siteId === siteId)?.enable ?? creating;

export function AgentSitesField({
  sites,
  values,
  creating,
  onChange,
  error,
}: {
  sites: TSiteOption[];
  values: TAgentSite[];
  creating: boolean;
  onChange: (next: TAgentSite[]) => void;
  error?: string;
}) {
  const toggle = (siteId: number, enable: boolean) =>
    onChange([...values.filter((v) => v.siteId !== siteId), { siteId, enable }]);
  return (
    <Input.Wrapper label="Sites" error={error}>
      {sites.length ? (
        <Group gap="lg" mt={4}>
          {sites.map((s) => (
            <Switch
              key={s.id}
              label={s.status ? s.sitename : `${s.sitename} (Suspended)`}
              checked={siteEnabled(values, s.id, creating)}
              onChange={(e) => toggle(s.id, e.currentTarget.checked)}
            />
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          The office has no sites.
        </Text>
      )}
    </Input.Wrapper>
  );
}
