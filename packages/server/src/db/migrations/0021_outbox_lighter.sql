-- A lighter outbox (issue 34): every sale that an endpoint takes writes its event and a delivery in the
-- sale's own statement, so each index on them is paid in the postback. The retention job now finds old
-- events by id, and what is read by endpoint is its owed or held deliveries (the partial indexes); the
-- release before runs without these two indexes, only slower in those two reads.
DROP INDEX "webhook_deliveries_endpoint_idx";--> statement-breakpoint
DROP INDEX "webhook_events_created_idx";
