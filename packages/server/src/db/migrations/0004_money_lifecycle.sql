CREATE TABLE "postback_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"ip" varchar(64) NOT NULL,
	"event" varchar(16),
	"tx_id" varchar(128),
	"click_id" bigint,
	"result" varchar(24) NOT NULL,
	"sale_id" bigint,
	"count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
DROP INDEX "sales_site_tx_idx";--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "reversal_kind" smallint;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "reverses_id" bigint;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "changed_by" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "hold_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "reversals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "reversal_earn" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "reversal_payout" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "adjustments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "adjust_earn" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "adjust_payout" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "held_earn" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "held_payout" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "postback_logs_time_idx" ON "postback_logs" USING btree ("time","id");--> statement-breakpoint
CREATE INDEX "postback_logs_site_time_idx" ON "postback_logs" USING btree ("site_id","time","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_reverses_idx" ON "sales" USING btree ("reverses_id") WHERE reverses_id is not null;--> statement-breakpoint
CREATE INDEX "sales_held_idx" ON "sales" USING btree ("hold_until") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_site_tx_idx" ON "sales" USING btree ("site_id","tx_id") WHERE event_type in (0, 1);