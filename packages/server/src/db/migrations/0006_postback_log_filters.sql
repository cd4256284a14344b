CREATE INDEX "postback_logs_result_time_idx" ON "postback_logs" USING btree ("result","time","id");--> statement-breakpoint
CREATE INDEX "postback_logs_tx_idx" ON "postback_logs" USING btree ("tx_id");--> statement-breakpoint
CREATE INDEX "postback_logs_click_idx" ON "postback_logs" USING btree ("click_id");