DROP INDEX "clicks_time_idx";--> statement-breakpoint
DROP INDEX "clicks_agent_time_idx";--> statement-breakpoint
DROP INDEX "clicks_office_time_idx";--> statement-breakpoint
DROP INDEX "clicks_site_time_idx";--> statement-breakpoint
DROP INDEX "sales_date_idx";--> statement-breakpoint
DROP INDEX "sales_agent_date_idx";--> statement-breakpoint
DROP INDEX "sales_office_date_idx";--> statement-breakpoint
DROP INDEX "sales_site_date_idx";--> statement-breakpoint
CREATE INDEX "clicks_time_idx" ON "clicks" USING btree ("click_time","id");--> statement-breakpoint
CREATE INDEX "clicks_agent_time_idx" ON "clicks" USING btree ("agent_id","click_time","id");--> statement-breakpoint
CREATE INDEX "clicks_office_time_idx" ON "clicks" USING btree ("office_id","click_time","id");--> statement-breakpoint
CREATE INDEX "clicks_site_time_idx" ON "clicks" USING btree ("site_id","click_time","id");--> statement-breakpoint
CREATE INDEX "sales_date_idx" ON "sales" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "sales_agent_date_idx" ON "sales" USING btree ("agent_id","date","id");--> statement-breakpoint
CREATE INDEX "sales_office_date_idx" ON "sales" USING btree ("office_id","date","id");--> statement-breakpoint
CREATE INDEX "sales_site_date_idx" ON "sales" USING btree ("site_id","date","id");