-- Invalid traffic (issue 35): each click keeps why it was not a person (0: it was), and stats_daily counts
-- the invalid clicks of each reason apart; raws still counts every click, uniques only people. The
-- partial index serves the click log filtered by reason without a cost on valid clicks. ip_range_lists
-- holds the data center ranges a superadmin uploads (without a row, the release's own copy is used).
CREATE TABLE "ip_range_lists" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
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
ALTER TABLE "ip_range_lists" ADD CONSTRAINT "ip_range_lists_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clicks_invalid_time_idx" ON "clicks" USING btree ("click_time","id") WHERE invalid_reason <> 0;