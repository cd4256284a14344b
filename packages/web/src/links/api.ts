// Calls of the links pages: the link codes of an agent on a site, and Link Translate's lookup.
import { useQuery } from '@tanstack/react-query';
import type { TLinkRow, TLinksListRequest, TLinkTranslateQuery, TLinkTranslation } from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const LINKS_KEY = ['links'] as const;

/**
 * The links of the request 'Get links' last sent; nothing is asked without one. 404 (the agent does not
 * have the site enabled) is answered in the page, not as an error note.
 */
export function useLinkCodes(request: TLinksListRequest | null) {
  return useQuery({
    queryKey: [...LINKS_KEY, 'list', request],
    queryFn: ({ signal }) => apiFetch<TLinkRow[]>('POST', 'links/list', request, { signal, silent: true }),
    enabled: request !== null,
  });
}

/** The agent and site a decoded link names; an unknown one answers 404, shown as a note. */
export function useLinkTranslation(ids: TLinkTranslateQuery | null) {
  return useQuery({
    queryKey: [...LINKS_KEY, 'translate', ids],
    queryFn: ({ signal }) =>
      apiFetch<TLinkTranslation>('GET', 'links/translate', undefined, { signal, query: { ...ids } }),
    enabled: ids !== null,
  });
}
