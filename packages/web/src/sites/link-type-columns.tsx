// The columns of a site's link types (spec 2 section 2.6): link name, URL, payout/earning, lpp, status,
// 'Ch' and actions. Bonus prices read '{Bonus}: amount' in red; approve-sale sites relabel them.
import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatAccountStatus,
  formatPeso,
  formatPrice,
  linkTypeLabels,
  type TLinkType,
  type TLinkTypeSortField,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import { BONUS_COLOR } from '../ui/money';

export interface LinkTypeRowActions {
  siteId: number;
  useApproveSale: boolean;
  remove: (row: TLinkType) => void;
}

/** '₱150 / $25.00', or the payout alone when the earning is not shown to this user. */
const price = (payout: string, earning: string | null) =>
  earning === null ? formatPeso(payout) : `${formatPeso(payout)} / ${formatPrice(earning)}`;

function BonusLine({ label, children }: { label: string; children: string | number }) {
  return (
    <Text size="xs" style={{ color: BONUS_COLOR }}>
      {label}: {children}
    </Text>
  );
}

export function linkTypeColumns(a: LinkTypeRowActions): DataColumn<TLinkType, TLinkTypeSortField>[] {
  const labels = linkTypeLabels(a.useApproveSale);
  return [
    { id: 'typename', header: 'Link name', sortable: true, cell: (r) => r.typename },
    {
      id: 'url',
      header: 'URL',
      wrap: true,
      sortable: true,
      cell: (r) => (
        <Anchor
          href={r.url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ wordBreak: 'break-all' }}
        >
          {r.url}
        </Anchor>
      ),
    },
    {
      id: 'price',
      sortField: 'payout',
      header: labels.priceColumn,
      sortable: true,
      cell: (r) => (
        <>
          <Text size="sm">{price(r.payout, r.earning)}</Text>
          {r.bonus && <BonusLine label={labels.bonusPrice}>{price(r.bonusPayout, r.bonusEarning)}</BonusLine>}
        </>
      ),
    },
    {
      id: 'lpp',
      header: 'lpp',
      sortable: true,
      align: 'right',
      cell: (r) => (
        <>
          <Text size="sm">{r.lpp}</Text>
          {r.bonus && <BonusLine label={labels.bonusPrice}>{r.bonusLpp}</BonusLine>}
        </>
      ),
    },
    { id: 'status', header: 'Status', sortable: true, cell: (r) => formatAccountStatus(r.status) },
    { id: 'bbrCh', header: 'Ch', sortable: true, align: 'right', cell: (r) => r.bbrCh ?? '' },
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button
            component={Link}
            to={`/app/sites/${a.siteId}/types/edit/${r.id}`}
            size="compact-xs"
            variant="light"
            aria-label={`Edit ${r.typename}`}
          >
            Edit
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            aria-label={`Delete ${r.typename}`}
            onClick={() => a.remove(r)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];
}
