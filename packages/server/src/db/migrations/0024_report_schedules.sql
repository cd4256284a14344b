-- Scheduled reports (issue 37): a report mailed at 07:00 Eastern. New table: the release before reads it not.
-- Audited like every table a write changes, about the account it belongs to.
CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"criteria" jsonb NOT NULL,
	"frequency" varchar(8) NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_due_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "report_schedules_account_idx" ON "report_schedules" USING btree ("account_id","id");--> statement-breakpoint
CREATE TRIGGER audit_report_schedules AFTER INSERT OR UPDATE OR DELETE ON report_schedules FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('report-schedule', 'id', 'id');
