export { AgentsListPage } from './agents-list-page';
export { AgentFormPage as AgentCreatePage, AgentFormPage as AgentEditPage } from './agent-form-page';
