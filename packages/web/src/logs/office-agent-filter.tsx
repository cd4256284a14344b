// The office (admins only) and agent selects of the log filters; choosing an office reloads the agents.
import { Select } from '@mantine/core';
import type { SearchFieldProps } from '../ui/list-search';
import { useAgentOptions, useCompanyOptions } from './api';

type Draft = Partial<Record<'companyId' | 'agentId', string>>;

export type OfficeAgentFilterProps = {
  field: (name: 'companyId' | 'agentId') => SearchFieldProps;
  draft: Draft;
  showOffice: boolean;
};

const isId = (v: string | undefined) => !!v && /^\d+$/.test(v);

export function OfficeAgentFilter({ field, draft, showOffice }: OfficeAgentFilterProps) {
  const companyId = showOffice && isId(draft.companyId) ? draft.companyId : undefined;
  const offices = useCompanyOptions(showOffice);
  const agents = useAgentOptions(companyId);
  const office = field('companyId');
  const agent = field('agentId');
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
        data={(agents.data ?? []).map((a) => ({ value: String(a.id), label: a.username }))}
        value={draft.agentId ?? null}
        onChange={(v) => agent.onChange(v ?? '')}
        searchable
        clearable
        w={180}
      />
    </>
  );
}
