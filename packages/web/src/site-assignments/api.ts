// Calls of the sites of one office (sites/{id}/by-company) or one agent (sites/{id}/by-agent).
import type { TAssignedSiteRow, TList, TListQuery } from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const ASSIGNED_SITES_KEY = ['site-assignments'] as const;

export type AssignedTo = 'company' | 'agent';

export const fetchAssignedSites = (to: AssignedTo, id: number, query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TAssignedSiteRow>>('GET', `sites/${id}/by-${to}`, undefined, {
    signal,
    query: { page: query.page, pageSize: query.pageSize, sortField: query.sortField, sortAsc: query.sortAsc },
  });
