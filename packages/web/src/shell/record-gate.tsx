// What an edit page shows in place of its form until the record is there: loading, not found (a malformed id
// or a 404), or a failed load; never an empty editable form.
import type { ReactNode } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { isApiError } from '../api/api-error';
import { Loading } from '../ui/loading';
import { INVALID_ID } from '../ui/use-id-param';

export const NOT_FOUND_TEXT = 'This record was not found.';
export const LOAD_FAILED_TEXT = 'This record could not be loaded.';

export interface BackLink {
  to: string;
  label: string;
}

export function NotFoundState({ back, text = NOT_FOUND_TEXT }: { back: BackLink; text?: string }) {
  return (
    <Stack gap="xs" align="flex-start" role="status">
      <Text>{text}</Text>
      <Anchor component={Link} to={back.to}>
        {back.label}
      </Anchor>
    </Stack>
  );
}

export interface RecordGateProps<T> {
  /** From useIdParam: undefined on a create page. */
  id: number | typeof INVALID_ID | undefined;
  query: { data?: T; isPending: boolean; error: unknown };
  back: BackLink;
  /** The form: the record on an edit page, undefined on a create page. */
  children: (record: T | undefined) => ReactNode;
}

export function RecordGate<T>({ id, query, back, children }: RecordGateProps<T>) {
  if (id === undefined) return children(undefined);
  if (id === INVALID_ID || (isApiError(query.error) && query.error.status === 404))
    return <NotFoundState back={back} />;
  if (query.data !== undefined) return children(query.data);
  // Any other failure was already reported by apiFetch's red note.
  if (query.error) return <NotFoundState back={back} text={LOAD_FAILED_TEXT} />;
  return <Loading />;
}
