-- The API key a write was made with (issue 33), beside the account: its name and first characters.
ALTER TABLE "audit_logs" ADD COLUMN "api_key" varchar(80);