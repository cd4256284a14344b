// The office (admins only) and agent selects of the log filters; choosing an office reloads the agents.
import { Select } from '@mantine/core';
import type { SearchFieldProps } from '../ui/list-search';
import { useAgentOptions, useCompanyOptions } from './api';

type Draft = Partial<Record<'companyId' | 'agentId', string>>;

export type OfficeAgentFilterProps = {
  field: (name: 'companyId' | 'agentId') => SearchFieldProps;
  draft: Draft;
  showOffice: boolean;
  /** A raw agent id from the address: it overrides the choice and disables the agent select. */
  pinnedAgent?: string;
};

const isId = (v: string | undefined) => !!v && /^\d+$/.test(v);

export function OfficeAgentFilter({ field, draft, showOffice, pinnedAgent }: OfficeAgentFilterProps) {
  const companyId = showOffice && isId(draft.companyId) ? draft.companyId : undefined;
  const offices = useCompanyOptions(showOffice);
  const agents = useAgentOptions(companyId);
  const office = field('companyId');
  const agent = field('agentId');
  const agentData = (agents.data ?? []).map((a) => ({ value: String(a.id), label: a.username }));
  if (pinnedAgent && !agentData.some((a) => a.value === pinnedAgent))
    agentData.push({ value: pinnedAgent, label: `Agent ${pinnedAgent}` });
  return (
    <>
      {showOffice && (
        <Select
          label="Office"
          placeholder="All offices"
          data={(offices.data ?? []).map((o) => ({ value: String(o.id), label: o.officeName }))}
          value={draft.companyId ?? null}
          onChange={(v) => {
            office.onChange(v ?? '');
            agent.onChange('');
          }}
          searchable
          clearable
          w={200}
        />
      )}
      <Select
        label="Agent"
        placeholder="All agents"
        data={agentData}
        value={pinnedAgent ?? (draft.agentId || null)}
        onChange={(v) => agent.onChange(v ?? '')}
        disabled={!!pinnedAgent}
        searchable
        clearable={!pinnedAgent}
        w={180}
      />
    </>
  );
}
