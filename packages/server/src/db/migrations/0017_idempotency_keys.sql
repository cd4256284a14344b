-- Safe retries (issue 33): the first answer to each Idempotency-Key of a caller, kept 24 hours. A new
-- table: the release before reads nothing of it.
CREATE TABLE "idempotency_keys" (
	"account_id" integer NOT NULL,
	"api_key_id" integer DEFAULT 0 NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"request" text NOT NULL,
	"body_hash" varchar(64) NOT NULL,
	"status" smallint,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_api_key_id_idempotency_key_pk" PRIMARY KEY("account_id","api_key_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");