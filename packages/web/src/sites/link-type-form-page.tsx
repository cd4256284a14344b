// /app/sites/{siteId}/types/create and /edit/{id}: the Add / Update Sale Type form (spec 2 sections 2.6, 3, 5).
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { RecordGate } from '../shell/record-gate';
import { idToLoad, useIdParam } from '../ui/use-id-param';
import { LINK_TYPE_DEFAULTS, ZLinkTypeUpdate, type TLinkType, type TSiteDetail } from '@salesdesk/contract';
import type { z } from 'zod';
import { useForm } from '../api/use-form';
import { Page } from '../shell/page';
import { FormErrorBanner } from '../ui/field';
import { useDeleteLinkType, useLinkType, useSaveLinkType, useSite } from './api';
import { confirmDeleteLinkType } from './link-type-delete';
import { LinkTypeFields, type LinkTypeValues } from './link-type-fields';

const blank: LinkTypeValues = {
  typename: '',
  typealias: '',
  username: '',
  url: '',
  bbrCh: null,
  ...LINK_TYPE_DEFAULTS,
};

const fromType = (t: TLinkType): LinkTypeValues => ({
  typename: t.typename,
  typealias: t.typealias,
  username: t.username,
  url: t.url,
  bbrCh: t.bbrCh,
  payout: t.payout,
  // Only a caller allowed to see earnings gets here (superadmins); blank keeps a hidden value from being zeroed.
  earning: t.earning ?? '',
  lpp: t.lpp,
  bonus: t.bonus,
  bonusPayout: t.bonusPayout,
  bonusEarning: t.bonusEarning ?? '',
  bonusLpp: t.bonusLpp,
  status: t.status,
});

const typesPath = (siteId: number) => `/app/sites/${siteId}/types`;

export function SiteTypeCreatePage() {
  return <LinkTypePage />;
}

export function SiteTypeEditPage() {
  return <LinkTypePage editing />;
}

function LinkTypePage({ editing = false }: { editing?: boolean }) {
  const siteId = useIdParam('siteId');
  const typeId = useIdParam('id');
  const site = useSite(idToLoad(siteId));
  const type = useLinkType(typeof siteId === 'number' ? idToLoad(typeId) : undefined);
  const back = { to: '/app/sites/sites', label: 'Back to Sites' };
  return (
    <Page title={editing ? 'Update Sale Type' : 'Add Sale Type'}>
      <RecordGate id={siteId} query={site} back={back}>
        {(siteData) =>
          siteData && (
            <RecordGate
              id={typeId}
              query={type}
              back={{ to: typesPath(siteData.id), label: 'Back to Sale Types' }}
            >
              {(typeData) => <LinkTypeForm site={siteData} type={typeData} />}
            </RecordGate>
          )
        }
      </RecordGate>
    </Page>
  );
}

function LinkTypeForm({ site, type }: { site: TSiteDetail; type?: TLinkType }) {
  const navigate = useNavigate();
  const save = useSaveLinkType(type?.id);
  const form = useForm({
    schema: ZLinkTypeUpdate as unknown as z.ZodType<z.output<typeof ZLinkTypeUpdate>, LinkTypeValues>,
    initialValues: type ? fromType(type) : blank,
    save: (data) => save.mutateAsync(type ? data : { ...data, siteId: site.id }),
    navigateTo: typesPath(site.id),
  });
  const remove = useDeleteLinkType();
  const back = () => navigate(typesPath(site.id));

  const deleteType = async () => {
    if (type && (await confirmDeleteLinkType(type.typename, () => remove.mutateAsync(type.id)))) back();
  };

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm" maw={900}>
        <Text>
          Site: <b>{site.sitename}</b>
        </Text>
        <FormErrorBanner message={form.formError} />
        <LinkTypeFields form={form} useApproveSale={site.useApproveSale} />
        <Checkbox {...form.getCheckboxProps('status')} label="Activated" />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isValid || save.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={back}>
            Cancel
          </Button>
          {type && (
            <Button
              color="red"
              variant="outline"
              onClick={() => void deleteType()}
              loading={remove.isPending}
            >
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
