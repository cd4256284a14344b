-- API keys (issue 33): only a key's SHA-256 and its first 8 characters are kept; a live key's name is
-- unique per account (the same create sent twice at once makes one key). A new table: the release
-- before reads nothing of it.
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"prefix" varchar(8) NOT NULL,
	"scopes" text[] NOT NULL,
	"allowed_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"rate_limit" integer DEFAULT 600 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" varchar(64),
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_rate_limit_check" CHECK ("api_keys"."rate_limit" between 1 and 6000)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_live_name_idx" ON "api_keys" USING btree ("account_id","name") WHERE "api_keys"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE TRIGGER audit_api_keys AFTER INSERT OR UPDATE OR DELETE ON api_keys FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('api-key', 'id', 'id');
