// /app/how-to-sell: one tab per manual the user may read, by title, the first selected; the chosen
// tab shows its manual's html (spec 2 section 2.7).
import { useState } from 'react';
import { Box, Tabs } from '@mantine/core';
import { SITE_MANUALS_EMPTY } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { Empty } from '../ui/empty';
import { Loading } from '../ui/loading';
import { useHowToSellTabs, useManual } from './api';

export function HowToSellPage() {
  const tabs = useHowToSellTabs();
  const [picked, setPicked] = useState<string | null>(null);
  const items = tabs.data?.items ?? [];
  // The first tab until the user picks one (or when the picked one is gone after a reload).
  const active = items.some((m) => String(m.id) === picked) ? picked : items[0] ? String(items[0].id) : null;

  return (
    <Page title="How To Sell">
      {tabs.isPending ? (
        <Loading />
      ) : !items.length ? (
        <Empty text={tabs.isError ? '' : SITE_MANUALS_EMPTY} />
      ) : (
        <Tabs value={active} onChange={setPicked} keepMounted={false}>
          <Tabs.List>
            {items.map((m) => (
              <Tabs.Tab key={m.id} value={String(m.id)}>
                {m.title}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {items.map((m) => (
            <Tabs.Panel key={m.id} value={String(m.id)} pt="md">
              <ManualHtml id={m.id} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Page>
  );
}

function ManualHtml({ id }: { id: number }) {
  const manual = useManual(id);
  if (manual.isPending) return <Loading />;
  // The server sanitised this html when the manual was saved.
  return manual.data ? (
    <Box className="html-body" dangerouslySetInnerHTML={{ __html: manual.data.html }} />
  ) : null;
}
