CREATE TABLE "pay_avp_lines" (
	"period_start" date NOT NULL,
	"agent_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"week" date NOT NULL,
	"sales" integer NOT NULL,
	"week_sales" integer NOT NULL,
	"period_index" integer,
	"payout" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payout_dollars" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "pay_avp_lines_period_start_agent_id_week_pk" PRIMARY KEY("period_start","agent_id","week")
);
--> statement-breakpoint
CREATE TABLE "pay_lines" (
	"period_start" date NOT NULL,
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"bonus_sales" integer DEFAULT 0 NOT NULL,
	"earn" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bonus_earn" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payout" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bonus_payout" numeric(14, 2) DEFAULT '0' NOT NULL,
	"lpp" integer DEFAULT 0 NOT NULL,
	"bonus_lpp" integer DEFAULT 0 NOT NULL,
	"reversals" integer DEFAULT 0 NOT NULL,
	"reversal_earn" numeric(14, 2) DEFAULT '0' NOT NULL,
	"reversal_payout" numeric(14, 2) DEFAULT '0' NOT NULL,
	"adjustments" integer DEFAULT 0 NOT NULL,
	"adjust_earn" numeric(14, 2) DEFAULT '0' NOT NULL,
	"adjust_payout" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "pay_lines_period_start_day_site_id_type_id_office_id_agent_id_pk" PRIMARY KEY("period_start","day","site_id","type_id","office_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "pay_periods" (
	"start" date PRIMARY KEY NOT NULL,
	"end" date NOT NULL,
	"status" smallint NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	"reopened_by" integer,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text,
	"agents_paid" integer DEFAULT 0 NOT NULL,
	"payout" numeric(14, 2) DEFAULT '0' NOT NULL,
	"avp_payout" numeric(14, 2) DEFAULT '0' NOT NULL,
	"avp_payout_dollars" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_statements" (
	"period_start" date NOT NULL,
	"agent_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"carried_in" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payable" numeric(14, 2) DEFAULT '0' NOT NULL,
	"carried_out" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "pay_statements_period_start_agent_id_pk" PRIMARY KEY("period_start","agent_id")
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "pay_period" date DEFAULT 'epoch'::date NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "fraud_flags" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The pay period of a money row dated `at` (DESIGN.md section 9): the period of the pay cycle holding
-- its Eastern day, or, on or before the last closed day, the first period after it. Same rule as the
-- contract's payPeriodOf. Every writer takes the shared lock 7310022 (held to its commit) and a close
-- takes it exclusively, so no row is written into a period while it closes; the reads below run after
-- the lock, each with its own snapshot (a volatile function's), so they see a close that just committed.
CREATE FUNCTION pay_period_of(at timestamptz) RETURNS date LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  weekly boolean;
  closed_through date;
  d date := (at AT TIME ZONE 'America/New_York')::date;
  s date;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7310022);
  SELECT value = 'weekly' INTO weekly FROM options WHERE name = 'pay_cycle';
  SELECT max("end") INTO closed_through FROM pay_periods WHERE status <> 0;
  IF closed_through IS NOT NULL AND d <= closed_through THEN d := closed_through + 1; END IF;
  IF coalesce(weekly, false) THEN s := d - extract(dow FROM d)::int;
  ELSIF extract(day FROM d) <= 15 THEN s := date_trunc('month', d)::date;
  ELSE s := date_trunc('month', d)::date + 15;
  END IF;
  IF closed_through IS NOT NULL AND s <= closed_through THEN s := closed_through + 1; END IF;
  RETURN s;
END $$;
--> statement-breakpoint
-- Nobody chooses a row's period: it is set when the row is written, and again when a held sale is
-- approved or rejected (its money becomes payable then, in the open period holding its time or after).
CREATE FUNCTION sales_pay_period() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.pay_period := pay_period_of(NEW.date);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_pay_period_insert BEFORE INSERT ON sales
  FOR EACH ROW EXECUTE FUNCTION sales_pay_period();
--> statement-breakpoint
CREATE TRIGGER sales_pay_period_status BEFORE UPDATE OF status ON sales
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION sales_pay_period();
--> statement-breakpoint
-- Rows written before pay periods: none is closed yet, so each belongs to the half-month holding it.
UPDATE sales SET pay_period = CASE
  WHEN extract(day FROM (date AT TIME ZONE 'America/New_York')) <= 15
    THEN date_trunc('month', date AT TIME ZONE 'America/New_York')::date
  ELSE date_trunc('month', date AT TIME ZONE 'America/New_York')::date + 15 END;
--> statement-breakpoint
CREATE INDEX "pay_avp_lines_agent_idx" ON "pay_avp_lines" USING btree ("agent_id","period_start");--> statement-breakpoint
CREATE INDEX "pay_lines_agent_idx" ON "pay_lines" USING btree ("agent_id","period_start");--> statement-breakpoint
CREATE INDEX "pay_statements_agent_idx" ON "pay_statements" USING btree ("agent_id","period_start");--> statement-breakpoint
CREATE INDEX "pay_statements_office_idx" ON "pay_statements" USING btree ("office_id","period_start");--> statement-breakpoint
CREATE INDEX "login_logs_account_ip_idx" ON "login_logs" USING btree ("account_id","ip");--> statement-breakpoint
CREATE INDEX "sales_pay_period_idx" ON "sales" USING btree ("pay_period","agent_id");--> statement-breakpoint
CREATE INDEX "sales_review_idx" ON "sales" USING btree ("date","id") WHERE status = 1 or fraud_flags <> 0;