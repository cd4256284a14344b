// New Agents (approval): unapproved agents and their batch approval, for holders of APPROVE_AGENTS.
import { z } from 'zod';
import { listOf, listQuery } from './common';

/**
 * GET accounts/unapproved takes sortField and sortAsc (the spec's query) plus optional paging
 * (page 1 and 50 rows by default), and answers `{ items, total }`. `role` is the column the spec
 * shows as Office: it sorts by the agent's office name.
 */
export const UNAPPROVED_SORT_FIELDS = ['username', 'role', 'regTime'] as const;
export const ZUnapprovedQuery = listQuery({ sort: UNAPPROVED_SORT_FIELDS });
export type TUnapprovedQuery = z.infer<typeof ZUnapprovedQuery>;

export const ZUnapprovedRow = z.object({
  /** The agent id; PUT accounts/approve takes these. */
  id: z.number(),
  accountId: z.number(),
  username: z.string(),
  companyId: z.number(),
  officeName: z.string(),
  regTime: z.string(),
});
export type TUnapprovedRow = z.infer<typeof ZUnapprovedRow>;
export const ZUnapprovedList = listOf(ZUnapprovedRow);

/** PUT accounts/approve: `{ ids }` of unapproved agents; any other id answers 404 and nothing changes. */
export const ZApproveResult = z.object({ approved: z.number() });

export const UNAPPROVED_STATUS = 'Unapproved';
export const UNAPPROVED_EMPTY = 'All agents are approved';
export const APPROVE_TEXTS = {
  one: 'Are you sure to approve agent?',
  selected: 'Are you sure to approve selected agents?',
} as const;
