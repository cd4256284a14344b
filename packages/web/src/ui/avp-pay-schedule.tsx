// The 'Avp Pay Schedule' box: each AVP sales range with its payout in pesos and/or dollars.
import { Paper, Table, Title } from '@mantine/core';
import { avpPeriodHeading, type TAvpPeriod } from '@salesdesk/contract';
import { Peso, Price } from './money';

export type AvpPayScheduleProps = { periods: TAvpPeriod[]; showPhp: boolean; showDollars: boolean };

export function AvpPaySchedule({ periods, showPhp, showDollars }: AvpPayScheduleProps) {
  return (
    <Paper withBorder p="sm" maw={420} role="region" aria-label="Avp Pay Schedule">
      <Title order={5} mb="xs">
        Avp Pay Schedule
      </Title>
      <Table fz="sm" verticalSpacing={4}>
        <Table.Tbody>
          {periods.map((period) => (
            <Table.Tr key={period.index}>
              <Table.Td>{avpPeriodHeading(period)}</Table.Td>
              {showPhp ? (
                <Table.Td ta="right">
                  <Peso value={period.payoutPhp} />
                </Table.Td>
              ) : null}
              {showDollars ? (
                <Table.Td ta="right">
                  <Price value={period.payoutDollars} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
