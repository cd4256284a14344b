// /app/agents: the agents list and form.
import { office } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

const AgentFormPage = lazyPage(() => import('./agent-form-page'), 'AgentFormPage');

export const agentsArea: Area = {
  sections: [{ path: 'agents', access: office, menu: { label: 'Agents' } }],
  screens: [
    { path: 'agents', page: lazyPage(() => import('./agents-list-page'), 'AgentsListPage') },
    { path: 'agents/create', page: AgentFormPage },
    { path: 'agents/edit/:id', page: AgentFormPage },
  ],
};
