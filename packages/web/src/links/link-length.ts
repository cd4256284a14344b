// How many characters of a link code the table shows (20, 15 or 30); the choice is kept in localStorage.
import { useState } from 'react';
import { DEFAULT_LINK_TRUNCATE, LINK_TRUNCATE_LENGTHS, type TLinkTruncateLength } from '@salesdesk/contract';

export const LINK_LENGTH_KEY = 'links-truncate';

function readLength(): TLinkTruncateLength {
  try {
    const stored = Number(localStorage.getItem(LINK_LENGTH_KEY));
    return LINK_TRUNCATE_LENGTHS.find((n) => n === stored) ?? DEFAULT_LINK_TRUNCATE;
  } catch {
    return DEFAULT_LINK_TRUNCATE;
  }
}

export function useLinkLength(): [TLinkTruncateLength, (next: TLinkTruncateLength) => void] {
  const [length, setLength] = useState(readLength);
  const choose = (next: TLinkTruncateLength) => {
    setLength(next);
    try {
      localStorage.setItem(LINK_LENGTH_KEY, String(next));
    } catch {
      // Private mode or a full quota: the choice lasts for this page only.
    }
  };
  return [length, choose];
}

/** The first `length` characters, with an ellipsis when the link is longer. */
export const truncateLink = (link: string, length: number) =>
  link.length > length ? `${link.slice(0, length)}…` : link;
