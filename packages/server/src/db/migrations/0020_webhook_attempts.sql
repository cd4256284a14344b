-- Webhooks managed on screen (issue 34): each delivery attempt kept for the Delivery Log, when an
-- endpoint's failures in a row began (it is disabled after 20 spanning a day), one live name per owner,
-- and the endpoints audited like every other table a write changes. New table and column: the release
-- before reads neither.
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"endpoint_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"outcome" smallint NOT NULL,
	"status" smallint,
	"ms" integer NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"error" text,
	"next_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","at","id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_held_idx" ON "webhook_deliveries" USING btree ("endpoint_id") WHERE "webhook_deliveries"."status" = 3;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_live_name_idx" ON "webhook_endpoints" USING btree ("owner_id","name") WHERE "webhook_endpoints"."deleted_at" is null;--> statement-breakpoint
CREATE TRIGGER audit_webhook_endpoints AFTER INSERT OR UPDATE OR DELETE ON webhook_endpoints FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('webhook', 'id', 'id');
