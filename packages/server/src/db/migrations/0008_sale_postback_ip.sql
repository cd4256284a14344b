ALTER TABLE "sales" ADD COLUMN "postback_ip" varchar(64);--> statement-breakpoint
-- An accepted postback's log entry is now its sale or reversal row: the address moves onto the row and
-- the postback_logs copy goes. An accepted refund or chargeback of a held sale wrote no row of its own
-- (the sale was only rejected): its entry stays in postback_logs.
UPDATE "sales" s SET "postback_ip" = l."ip"
FROM "postback_logs" l
WHERE l."result" = 'ACCEPTED' AND l."sale_id" = s."id"
  AND ((l."event" IN ('sale', 'bonus') AND s."event_type" IN (0, 1))
    OR (l."event" IN ('refund', 'chargeback') AND s."event_type" IN (3, 4)));--> statement-breakpoint
DELETE FROM "postback_logs" l
USING "sales" s
WHERE l."result" = 'ACCEPTED' AND l."sale_id" = s."id" AND s."postback_ip" IS NOT NULL
  AND ((l."event" IN ('sale', 'bonus') AND s."event_type" IN (0, 1))
    OR (l."event" IN ('refund', 'chargeback') AND s."event_type" IN (3, 4)));--> statement-breakpoint
CREATE INDEX "sales_no_postback_idx" ON "sales" USING btree ("date","site_id") WHERE postback_ip is null;
