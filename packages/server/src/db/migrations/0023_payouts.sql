-- Payouts (issue 36): each agent's payout details (the account kept encrypted), a closed period's batch and
-- its lines, and the minimum payout a period closed with. New tables and column: the release before reads
-- none of them. The details and the lines are audited like every other table a write changes.
CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_start" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_details" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"method" varchar(8) NOT NULL,
	"bank" varchar(64),
	"account_name" varchar(128),
	"account_secret" text NOT NULL,
	"account_last4" varchar(4) NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"agent_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"carried_in" numeric(14, 2) DEFAULT '0' NOT NULL,
	"method" varchar(8),
	"last4" varchar(4),
	"reference" varchar(64) NOT NULL,
	"status" smallint NOT NULL,
	"paid_on" date,
	"bank_reference" varchar(64),
	"fail_reason" varchar(200),
	"confirmed_by" integer,
	"carried_to" integer,
	"changed_at" timestamp with time zone,
	"changed_by" integer
);
--> statement-breakpoint
ALTER TABLE "pay_periods" ADD COLUMN "minimum_payout" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_period_idx" ON "payout_batches" USING btree ("period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_batch_agent_idx" ON "payout_lines" USING btree ("batch_id","agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_reference_idx" ON "payout_lines" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payout_lines_agent_idx" ON "payout_lines" USING btree ("agent_id","period_start");--> statement-breakpoint
CREATE INDEX "payout_lines_office_idx" ON "payout_lines" USING btree ("office_id","period_start");--> statement-breakpoint
CREATE INDEX "payout_lines_open_idx" ON "payout_lines" USING btree ("agent_id") WHERE "payout_lines"."status" in (0, 2, 3) and "payout_lines"."carried_to" is null;--> statement-breakpoint
CREATE TRIGGER audit_payout_details AFTER INSERT OR UPDATE OR DELETE ON payout_details FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('agent', 'agent_id', 'agent_id');--> statement-breakpoint
CREATE TRIGGER audit_payout_batches AFTER INSERT OR UPDATE OR DELETE ON payout_batches FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('payout-batch', 'id', 'id');--> statement-breakpoint
CREATE TRIGGER audit_payout_lines AFTER INSERT OR UPDATE OR DELETE ON payout_lines FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('payout', 'id', 'id');
