// An IP address linking to an external IP lookup in a new tab.
import { Anchor } from '@mantine/core';

export const IP_LOOKUP_URL = 'https://ipinfo.io/';

export function IpLink({ ip }: { ip?: string | null }) {
  if (!ip) return null;
  return (
    <Anchor
      href={`${IP_LOOKUP_URL}${encodeURIComponent(ip)}`}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
    >
      {ip}
    </Anchor>
  );
}
