// The event a `Send test event` writes (issue 34): to one endpoint only, whatever it subscribes to, so a
// receiver can be tried without a sale. It goes through the outbox like every event, so the Delivery Log
// shows it as it will show the real ones.
import { sql } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { DeliveryStatus } from './events';

export async function writeTestEvent(db: Queryable, endpointId: number, officeId: number | null) {
  const data = { endpointId, message: 'A test event from Salesdesk: your endpoint is reached.' };
  const row = await queryOne<{ id: number }>(
    db,
    sql`with v as (
          insert into webhook_events (type, office_id, site_id, data, fanned_out)
          values (${WEBHOOK_TEST_EVENT}, ${officeId}, null, ${JSON.stringify(data)}::jsonb, true)
          returning id
        )
        insert into webhook_deliveries (event_id, endpoint_id, status)
        select v.id, ${endpointId}, ${DeliveryStatus.Pending} from v
        returning id`,
  );
  return Number(row?.id);
}
