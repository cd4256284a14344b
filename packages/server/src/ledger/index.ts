// The ledger: the one writer of money rows (sales, bonuses, reversals, adjustments, status changes) with
// their stats_daily increments, and of pay periods' rows. Each money event kind has one function here,
// and each writes the events of its change (events.ts: issue 34's outbox) in the same statement or transaction.
// It is also the outbox's one writer for the agent events, which the agent writes call in their transaction.
export { addAdjustment, ADJUSTMENT_TX_ID } from './adjust';
export { writeAgentsApproved, writeAgentsCreated, writeAgentsSuspended } from './agent-events';
export { SALE_COLUMNS } from './columns';
export { DeliveryStatus, fanOut, fanOutAll, fanOutLeased, isoTime } from './events';
export { fraudArgs, type FraudArgs } from './fraud-sql';
export { closePeriodRow, markPeriodPaid, reopenPeriodRow } from './pay-period';
export { insertSale, saleRate, type RateColumn, type SaleRow } from './record-sale';
export {
  chargeBackOpenSales,
  reverseDue,
  reverseSale,
  type ReverseInput,
  type ReverseOutcome,
  type SaleRef,
} from './reverse';
export { recordPayoutOutcome, type PayoutOutcome } from './payouts';
export { writeTestEvent } from './test-event';
export { changeHeldSales, holdIsUp, moveSales, rejectHeldSalesOf, type StatusChange } from './status';
