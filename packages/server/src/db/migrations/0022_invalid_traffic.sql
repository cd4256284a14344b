-- Invalid traffic (issue 35): each click keeps why it was not a person (0: it was), and stats_daily counts
-- the invalid clicks of each reason apart; raws still counts every click, uniques only people. The
-- partial index serves the click log filtered by reason without a cost on valid clicks. ip_range_lists
-- holds the data center list a superadmin stores (without a row, the release's own copy is used): its
-- date and size, audited, and its text apart.
CREATE TABLE "ip_range_list_bodies" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_range_lists" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"list_date" date NOT NULL,
	"entries" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "invalid_reason" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "invalid_blacklisted_ip" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "invalid_internal" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "invalid_preview" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "invalid_bot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "invalid_head" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "invalid_datacenter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "invalid_repeat" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ip_range_list_bodies" ADD CONSTRAINT "ip_range_list_bodies_name_ip_range_lists_name_fk" FOREIGN KEY ("name") REFERENCES "public"."ip_range_lists"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_range_lists" ADD CONSTRAINT "ip_range_lists_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clicks_invalid_time_idx" ON "clicks" USING btree ("click_time","id") WHERE invalid_reason <> 0;--> statement-breakpoint
CREATE TRIGGER audit_ip_range_lists AFTER INSERT OR UPDATE OR DELETE ON ip_range_lists FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('option', 'name', 'name');
