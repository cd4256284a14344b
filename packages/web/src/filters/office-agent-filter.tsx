// The office (admins only) and agent selects of the log filters; choosing an office reloads the agents.
import { AgentSelect, OfficeSelect } from '../ui/choice-selects';
import type { SearchFieldProps } from '../ui/list-search';
import { useAgentOptions, useOfficeOptions } from '../api/option-queries';

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
  const offices = useOfficeOptions(showOffice);
  const agents = useAgentOptions(companyId);
  const office = field('companyId');
  const agent = field('agentId');
  return (
    <>
      {showOffice && (
        <OfficeSelect
          rows={offices.data}
          placeholder="All offices"
          value={draft.companyId ?? null}
          onChange={(v) => {
            office.onChange(v ?? '');
            agent.onChange('');
          }}
          w={200}
        />
      )}
      <AgentSelect
        rows={agents.data}
        pinned={pinnedAgent}
        placeholder="All agents"
        value={draft.agentId || null}
        onChange={(v) => agent.onChange(v ?? '')}
        w={180}
      />
    </>
  );
}
