// /app/stats/pay-statements/:start/:agentId: one agent's statement of a closed period: its lines, the
// period's total, the balance carried in, what is payable and what is carried out, when it was paid; print
// version, Print and CSV. Admins see the adjustments' internal notes in a column of their own. Its payment
// (date, method and last 4, references) and a balance carried below the minimum payout are said under it.
import { useMemo, useState } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import {
  formatDateTime,
  isAdmin,
  isDateString,
  PAY_STATEMENT_HEADERS as H,
  PAY_STATEMENT_TEXTS as T,
  STATEMENT_LINE_LABELS,
  STATEMENT_STATUS_LABELS,
  type TPayStatement,
  type TStatementLine,
} from '@salesdesk/contract';
import { isApiError } from '../api/api-error';
import { CsvExportButton } from '../csv/csv-export-button';
import { useMe } from '../session/use-session';
import { Page } from '../shell/page';
import { CriteriaLine } from '../ui/criteria-line';
import { DataTable, type DataColumn, type FooterRow } from '../ui/data-table';
import { Loading } from '../ui/loading';
import { Peso, Price } from '../ui/money';
import { LOAD_FAILED_TEXT, NotFoundState } from '../shell/record-gate';
import { idToLoad, useIdParam } from '../ui/use-id-param';
import { statementPath, useStatement } from './api';
import { carriedBelowMinimum, minimumCarriedText, paymentText } from './payment-text';

export const PAYMENT_LABEL = 'Payment';

const BACK = { to: '/app/stats/pay-statements', label: T.back };

const columns = (admin: boolean): DataColumn<TStatementLine>[] => [
  { id: 'line', header: H.line, cell: (l) => STATEMENT_LINE_LABELS[l.kind] },
  { id: 'site', header: H.site, cell: (l) => l.site ?? '' },
  { id: 'count', header: H.count, align: 'right', cell: (l) => l.count },
  { id: 'payout', header: H.payout, align: 'right', money: true, cell: (l) => <Peso value={l.payout} /> },
  {
    id: 'dollars',
    header: H.dollars,
    align: 'right',
    money: true,
    cell: (l) => (l.dollars === null ? '' : <Price value={l.dollars} />),
  },
  { id: 'note', header: H.note, wrap: true, cell: (l) => l.note ?? '' },
  {
    id: 'internalNote',
    header: H.internalNote,
    wrap: true,
    priority: 'low',
    hidden: !admin,
    cell: (l) => l.internalNote ?? '',
  },
];

function footer(s: TPayStatement): FooterRow[] {
  return [
    { line: H.total, payout: <Peso value={s.total} />, dollars: <Price value={s.dollars} /> },
    { line: H.carriedIn, payout: <Peso value={s.carriedIn} /> },
    {
      line: <strong>{H.payable}</strong>,
      payout: (
        <strong>
          <Peso value={s.payable} />
        </strong>
      ),
    },
    { line: H.carriedOut, payout: <Peso value={s.carriedOut} /> },
  ];
}

function Statement({ s }: { s: TPayStatement }) {
  const [print, setPrint] = useState(false);
  const admin = isAdmin(useMe().role);
  const footerRows = useMemo(() => footer(s), [s]);
  const cols = useMemo(() => columns(admin), [admin]);
  return (
    <Page title={T.statementTitle} tabs={print ? false : undefined}>
      <Stack gap="xs">
        {/* The heading wraps rather than truncates, and Payable is with it, so a phone shows both first. */}
        <Text fw={600}>{`${T.heading(s)} · ${STATEMENT_STATUS_LABELS[s.status]}`}</Text>
        <Text size="sm">
          {H.payable}: <Peso value={s.payable} />
        </Text>
        <Group justify="space-between" wrap="nowrap" align="center">
          <div style={{ flex: 1, minWidth: 0 }}>
            <CriteriaLine text="" print={print} onPrintChange={setPrint} />
          </div>
          {!print && (
            <div className="no-print">
              <CsvExportButton
                path={`${statementPath(s.start, s.agentId)}/export`}
                fallbackName="pay-statement.csv"
              />
            </div>
          )}
        </Group>
        <Text size="sm" fw={500}>
          {s.paidAt ? T.paidOn(formatDateTime(s.paidAt)) : T.notPaidYet}
        </Text>
        {s.payment && (
          <Text size="sm">
            {PAYMENT_LABEL}: {paymentText(s.payment)}
          </Text>
        )}
        <DataTable
          columns={cols}
          data={s.lines}
          getRowId={(l) => s.lines.indexOf(l)}
          loading={false}
          emptyText={T.noLines}
          caption={T.statementTitle}
          footerRows={footerRows}
          print={print}
        />
        {s.carriedOut.startsWith('-') && <Text size="sm">{T.carriedNote}</Text>}
        {carriedBelowMinimum(s) && <Text size="sm">{minimumCarriedText(s)}</Text>}
        {!print && (
          <Anchor component={Link} to={BACK.to} size="sm">
            {BACK.label}
          </Anchor>
        )}
      </Stack>
    </Page>
  );
}

export function PayStatementPage() {
  const start = useParams().start ?? '';
  const id = useIdParam('agentId');
  const valid = isDateString(start) && typeof id === 'number';
  const query = useStatement(start, valid ? idToLoad(id) : undefined);
  if (query.data) return <Statement s={query.data} />;
  const gone = !valid || (isApiError(query.error) && query.error.status === 404);
  return (
    <Page title={T.statementTitle}>
      {gone ? (
        <NotFoundState back={BACK} />
      ) : query.error ? (
        // apiFetch has shown the error note.
        <NotFoundState back={BACK} text={LOAD_FAILED_TEXT} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}
