// The parts of the Update Site form beyond its fields: the postback token (superadmins), 'Enable for
// all offices', the link types and Delete (superadmin), each confirmed with the spec's text.
import { useState } from 'react';
import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { Role, SITE_TEXTS, type TSiteDetail } from '@salesdesk/contract';
import { useMe } from '../session/use-session';
import { confirmDialog } from '../ui/dialogs';
import { showNote } from '../ui/notes';
import { useDeleteSite, useEnableForAllOffices, useRegeneratePostbackToken } from './api';

/** Where a site reports its sales (DESIGN.md rule 3), shown beside the token. */
export const postbackUrl = (origin: string, siteId: number) =>
  `${origin}/api/postback/${siteId}?token=TOKEN&clickId=CLICK_ID&event=sale&txId=TX_ID`;

export function SitePostbackToken({ site }: { site: TSiteDetail }) {
  const regenerate = useRegeneratePostbackToken();
  const [token, setToken] = useState(site.postbackToken);
  if (token === null) return null;
  const renew = () =>
    confirmDialog({
      heading: SITE_TEXTS.regenerateConfirm,
      subject: site.sitename,
      onConfirm: async () => setToken((await regenerate.mutateAsync(site.id)).postbackToken),
    });
  return (
    <Stack gap={4}>
      <Group align="flex-end">
        <TextInput label="Postback token" value={token} readOnly w={380} />
        <Button variant="light" color="orange" onClick={() => void renew()} loading={regenerate.isPending}>
          New postback token
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Postback: <Code>{postbackUrl(window.location.origin, site.id)}</Code>
      </Text>
    </Stack>
  );
}

export function SiteEditActions({ site }: { site: TSiteDetail }) {
  const me = useMe();
  const navigate = useNavigate();
  const enable = useEnableForAllOffices();
  const remove = useDeleteSite();

  const enableAll = async () => {
    const done = await confirmDialog({
      heading: SITE_TEXTS.enableForAllOffices,
      subject: site.sitename,
      onConfirm: () => enable.mutateAsync(site.id),
    });
    if (done) showNote({ type: 'success', heading: 'Operation Complete' });
  };
  const deleteSite = async () => {
    const done = await confirmDialog({
      heading: SITE_TEXTS.deleteConfirm,
      subject: site.sitename,
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () => remove.mutateAsync(site.id),
    });
    if (!done) return;
    showNote({ type: 'success', heading: 'Operation Complete' });
    navigate('/app/sites/sites');
  };

  return (
    <>
      <Button variant="light" onClick={() => void enableAll()} loading={enable.isPending}>
        Enable for all offices
      </Button>
      <Button component={Link} to={`/app/sites/${site.id}/types`} variant="subtle">
        Link types
      </Button>
      {me.role === Role.Superadmin && (
        <Button color="red" variant="outline" onClick={() => void deleteSite()} loading={remove.isPending}>
          Delete
        </Button>
      )}
    </>
  );
}
