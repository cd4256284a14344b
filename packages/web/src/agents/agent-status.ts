// Agent status actions with their confirmations: a row's Activate and login switches ask nothing, the bar always asks.
import { AGENT_TEXTS, type TAgentStatus } from '@salesdesk/contract';
import { confirmDialog } from '../ui/dialogs';

type Apply = (change: TAgentStatus) => Promise<unknown>;
export type StatusChange = Omit<TAgentStatus, 'ids'>;

/** Runs without asking; false when the server refused (apiFetch has shown the note). */
const applyNow = (apply: Apply, change: TAgentStatus) =>
  apply(change).then(
    () => true,
    () => false,
  );

/** The confirmation a row's action asks, or null when it asks nothing. */
export function rowQuestion(change: StatusChange): string | null {
  if (change.active === false) return AGENT_TEXTS.suspendAgent;
  if (change.hidden !== undefined) return AGENT_TEXTS.showHideAgent;
  return null;
}

/** The confirmation of each multi-select action. */
export function bulkQuestion(change: StatusChange): string {
  if (change.active !== undefined)
    return change.active ? AGENT_TEXTS.activateAgents : AGENT_TEXTS.suspendAgents;
  return change.loginBlocked ? AGENT_TEXTS.disableLogin : AGENT_TEXTS.enableLogin;
}

/** Suspending or blocking sign-in takes something away: its confirm button is red. */
export const destructive = (change: StatusChange) => change.active === false || change.loginBlocked === true;

type Agent = { id: number; username: string };

export function changeRow(apply: Apply, agent: Agent, change: StatusChange): Promise<boolean> {
  const heading = rowQuestion(change);
  const body = { ids: [agent.id], ...change };
  return heading
    ? confirmDialog({
        heading,
        subject: agent.username,
        danger: destructive(change),
        onConfirm: () => apply(body),
      })
    : applyNow(apply, body);
}

export function changeSelected(apply: Apply, agents: Agent[], change: StatusChange): Promise<boolean> {
  return confirmDialog({
    heading: bulkQuestion(change),
    subject: agents.map((a) => a.username),
    danger: destructive(change),
    onConfirm: () => apply({ ids: agents.map((a) => a.id), ...change }),
  });
}
