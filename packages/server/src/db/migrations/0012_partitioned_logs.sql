-- clicks and postback_logs become partitioned by US Eastern month (db/partitions.ts): the retention drops
-- a month whole instead of deleting its rows. Eastern, not UTC: reports count Eastern days, so a month's
-- partition holds whole days and the first kept day is whole too (stats_daily of the dropped days stays).
-- A DEFAULT partition takes what no month holds yet, so a write never fails for a missing month; the
-- maintenance moves such rows into their month when it creates it.
--
-- ensure_month_partition creates the month of `parent` holding `month` unless it exists: a plain table,
-- filled with that month's rows moved out of the default partition, then attached (attaching needs the
-- parent's lighter lock than CREATE ... PARTITION OF, and the default must hold none of the month's rows).
-- One creator at a time: the parent's SHARE UPDATE EXCLUSIVE lock (which attaching takes anyway) lets
-- writes and reads on, and taking it reloads the catalog, so the check after it sees a month another
-- creator just made. True when it created the partition.
CREATE FUNCTION ensure_month_partition(parent text, key text, month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first date := date_trunc('month', month)::date;
  part text := parent || '_' || to_char(first, 'YYYY_MM');
  lo timestamptz := first::timestamp AT TIME ZONE 'America/New_York';
  hi timestamptz := (first + interval '1 month')::timestamp AT TIME ZONE 'America/New_York';
BEGIN
  IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
  EXECUTE format('LOCK TABLE %I IN SHARE UPDATE EXCLUSIVE MODE', parent);
  IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
  -- Taken first: a row written to the default partition between the move and the attach would fail it.
  EXECUTE format('LOCK TABLE %I IN ACCESS EXCLUSIVE MODE', parent || '_default');
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, parent);
  EXECUTE format(
    'WITH moved AS (DELETE FROM %I WHERE %I >= $1 AND %I < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved',
    parent || '_default', key, key, part) USING lo, hi;
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, lo, hi);
  RETURN true;
END
$$;
--> statement-breakpoint
ALTER TABLE "clicks" RENAME TO "clicks_unpartitioned";--> statement-breakpoint
ALTER TABLE "clicks_unpartitioned" RENAME CONSTRAINT "clicks_pkey" TO "clicks_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "clicks_time_idx";--> statement-breakpoint
DROP INDEX "clicks_agent_time_idx";--> statement-breakpoint
DROP INDEX "clicks_office_time_idx";--> statement-breakpoint
DROP INDEX "clicks_site_time_idx";--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" bigint NOT NULL,
	"click_time" timestamp with time zone NOT NULL,
	"site_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"ip" varchar(64) NOT NULL,
	"is_unique" boolean NOT NULL,
	"referer" text,
	"user_agent" text,
	CONSTRAINT "clicks_pkey" PRIMARY KEY("id","click_time")
) PARTITION BY RANGE ("click_time");
--> statement-breakpoint
CREATE INDEX "clicks_time_idx" ON "clicks" USING btree ("click_time","id");--> statement-breakpoint
CREATE INDEX "clicks_agent_time_idx" ON "clicks" USING btree ("agent_id","click_time","id");--> statement-breakpoint
CREATE INDEX "clicks_office_time_idx" ON "clicks" USING btree ("office_id","click_time","id");--> statement-breakpoint
CREATE INDEX "clicks_site_time_idx" ON "clicks" USING btree ("site_id","click_time","id");--> statement-breakpoint
CREATE TABLE "clicks_default" PARTITION OF "clicks" DEFAULT;--> statement-breakpoint
-- Every month holding a click, and this month with the next two.
SELECT ensure_month_partition('clicks', 'click_time', m::date) FROM (
  SELECT DISTINCT date_trunc('month', click_time AT TIME ZONE 'America/New_York') AS m FROM clicks_unpartitioned
  UNION
  SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'America/New_York'),
                         date_trunc('month', now() AT TIME ZONE 'America/New_York') + interval '2 months',
                         interval '1 month')
) months ORDER BY m;--> statement-breakpoint
INSERT INTO "clicks" ("id", "click_time", "site_id", "type_id", "agent_id", "office_id", "ip", "is_unique", "referer", "user_agent")
SELECT "id", "click_time", "site_id", "type_id", "agent_id", "office_id", "ip", "is_unique", "referer", "user_agent"
FROM "clicks_unpartitioned";--> statement-breakpoint
DROP TABLE "clicks_unpartitioned";--> statement-breakpoint
ALTER TABLE "postback_logs" RENAME TO "postback_logs_unpartitioned";--> statement-breakpoint
ALTER TABLE "postback_logs_unpartitioned" RENAME CONSTRAINT "postback_logs_pkey" TO "postback_logs_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "postback_logs_time_idx";--> statement-breakpoint
DROP INDEX "postback_logs_site_time_idx";--> statement-breakpoint
DROP INDEX "postback_logs_result_time_idx";--> statement-breakpoint
DROP INDEX "postback_logs_tx_idx";--> statement-breakpoint
DROP INDEX "postback_logs_click_idx";--> statement-breakpoint
-- The ids go on from the same sequence, now owned by the new table (dropping the old one keeps it).
CREATE TABLE "postback_logs" (
	"id" bigint DEFAULT nextval('postback_logs_id_seq') NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"ip" varchar(64) NOT NULL,
	"event" varchar(16),
	"tx_id" varchar(128),
	"click_id" bigint,
	"result" varchar(24) NOT NULL,
	"sale_id" bigint,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "postback_logs_pkey" PRIMARY KEY("id","time")
) PARTITION BY RANGE ("time");
--> statement-breakpoint
ALTER SEQUENCE "postback_logs_id_seq" OWNED BY "postback_logs"."id";--> statement-breakpoint
CREATE INDEX "postback_logs_time_idx" ON "postback_logs" USING btree ("time","id");--> statement-breakpoint
CREATE INDEX "postback_logs_site_time_idx" ON "postback_logs" USING btree ("site_id","time","id");--> statement-breakpoint
CREATE INDEX "postback_logs_result_time_idx" ON "postback_logs" USING btree ("result","time","id");--> statement-breakpoint
CREATE INDEX "postback_logs_tx_idx" ON "postback_logs" USING btree ("tx_id");--> statement-breakpoint
CREATE INDEX "postback_logs_click_idx" ON "postback_logs" USING btree ("click_id");--> statement-breakpoint
CREATE TABLE "postback_logs_default" PARTITION OF "postback_logs" DEFAULT;--> statement-breakpoint
SELECT ensure_month_partition('postback_logs', 'time', m::date) FROM (
  SELECT DISTINCT date_trunc('month', "time" AT TIME ZONE 'America/New_York') AS m FROM postback_logs_unpartitioned
  UNION
  SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'America/New_York'),
                         date_trunc('month', now() AT TIME ZONE 'America/New_York') + interval '2 months',
                         interval '1 month')
) months ORDER BY m;--> statement-breakpoint
INSERT INTO "postback_logs" ("id", "time", "site_id", "ip", "event", "tx_id", "click_id", "result", "sale_id", "count")
SELECT "id", "time", "site_id", "ip", "event", "tx_id", "click_id", "result", "sale_id", "count"
FROM "postback_logs_unpartitioned";--> statement-breakpoint
DROP TABLE "postback_logs_unpartitioned";
