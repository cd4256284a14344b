// The columns of a money row that its stats_daily increments and its reversal copy read.
import { sql } from 'drizzle-orm';

export const SALE_COLUMNS = sql.raw(
  'id, date, event_type, status, site_id, type_id, agent_id, office_id, click_id, customer_email, payout, earning, lpp, tx_id, referer',
);
