// The record id of an edit route, checked before anything asks the server for it.
import { useParams } from 'react-router';
import { ZId } from '@salesdesk/contract';

export const INVALID_ID = 'invalid';

/**
 * The `name` route parameter as a record id: undefined when the route has none (a create page), the id when
 * it is a decimal id in range (the contract's ZId), else 'invalid' ('abc', '0x10', '3000000000').
 */
export function useIdParam(name = 'id'): number | typeof INVALID_ID | undefined {
  const raw = useParams()[name];
  if (raw === undefined) return undefined;
  const parsed = ZId.safeParse(raw);
  return parsed.success ? parsed.data : INVALID_ID;
}

/** The id to load, or undefined when there is nothing to load (no id, or a malformed one). */
export const idToLoad = (id: number | typeof INVALID_ID | undefined): number | undefined =>
  typeof id === 'number' ? id : undefined;
