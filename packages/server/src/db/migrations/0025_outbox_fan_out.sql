-- The outbox fanned out by the delivery loop (issue 34): a change's statement writes its event alone, and
-- the loop writes the deliveries of each event not yet fanned out. The events before this already have
-- theirs: the column is added true for them (no rewrite of the table), then defaults to false. A node of
-- the release before still writes both; the loop skips an event that already has deliveries.
ALTER TABLE "webhook_events" ADD COLUMN "fanned_out" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "fanned_out" SET DEFAULT false;--> statement-breakpoint
CREATE INDEX "webhook_events_fan_out_idx" ON "webhook_events" USING btree ("id") WHERE not "webhook_events"."fanned_out";
