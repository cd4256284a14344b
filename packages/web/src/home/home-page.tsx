// /app/home: each role's money at a glance (issue 37), then agent notes, the fraud banner (agents), the
// latest news and the three top-10 tables (spec 1 /app/home).
import { Alert, Anchor, Box, Paper, SimpleGrid, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { DASHBOARD_TEXTS, formatPeriod, isAdmin, Role, type TDashboard } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { office } from '../shell/access-rules';
import { useBrand } from '../session/brand';
import { useMe } from '../session/use-session';
import { Loading } from '../ui/loading';
import { useDashboard } from './api';
import { HomeMoney } from './home-money';
import { numbered, TopTable } from './top-table';

/** Html the server sanitised when it was saved (office notes, Must Read, news). */
function Html({ html, label }: { html: string; label: string }) {
  return <Box className="html-body" aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function HomePage() {
  const dashboard = useDashboard();
  return (
    <Page title={DASHBOARD_TEXTS.title}>
      <Stack gap="lg">
        <HomeMoney />
        {dashboard.isPending ? <Loading /> : dashboard.data ? <Dashboard data={dashboard.data} /> : null}
      </Stack>
    </Page>
  );
}

function Dashboard({ data }: { data: TDashboard }) {
  const me = useMe();
  const brand = useBrand();
  const showOffice = isAdmin(me.role);
  // Top agents is for offices and above (spec 2 section 6): agents get no link they could not open.
  const canChoosePeriod = office(me, brand);
  const tables = [
    { title: DASHBOARD_TEXTS.weekTop10, rows: data.weekTop10, showOffice, showAgent: true, week: true },
    {
      title: DASHBOARD_TEXTS.allTimeTop10,
      rows: data.allTimeTop10,
      showOffice,
      showAgent: true,
      week: false,
    },
    {
      title: DASHBOARD_TEXTS.weekOfficeTop10,
      rows: data.weekOfficeTop10,
      showOffice: true,
      showAgent: false,
      week: true,
    },
  ];
  return (
    <Stack gap="lg">
      {me.role === Role.Agent && data.showAgentFraudNotes ? (
        <Alert color="red" variant="filled" role="alert">
          {DASHBOARD_TEXTS.fraud}
        </Alert>
      ) : null}
      {data.agentNotes ? (
        <Paper withBorder p="md">
          <Html html={data.agentNotes} label="Agent notes" />
        </Paper>
      ) : null}
      {data.lastNews.html ? (
        <Paper withBorder p="md">
          <Html html={data.lastNews.html} label="News" />
        </Paper>
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
        {tables.map((t) => (
          <TopTable
            key={t.title}
            title={t.title}
            subtitle={t.week ? formatPeriod(data.weekPeriod) : undefined}
            rows={numbered(t.rows)}
            showOffice={t.showOffice}
            showAgent={t.showAgent}
            loading={false}
            emptyText={DASHBOARD_TEXTS.empty}
          />
        ))}
      </SimpleGrid>
      {canChoosePeriod ? (
        <Anchor component={Link} to="/app/stats/top-agents">
          {DASHBOARD_TEXTS.choosePeriod}
        </Anchor>
      ) : null}
    </Stack>
  );
}
