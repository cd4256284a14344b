// Suspended for fraud: the agent row is suspended and carries the fraud notice, while its account stays
// active so the agent signs in to read the notice (plain Suspend deactivates the account too). One
// definition for the session's limits, the dashboard's notice, the postback and office activation.
import { sql, type SQL } from 'drizzle-orm';

/** True for a fraud-suspended agent; `g` is the alias (or name) of the `agents` row. */
export const fraudSuspendedSql = (g: string): SQL => sql.raw(`(${g}.show_fraud_notes and not ${g}.active)`);
