CREATE SEQUENCE "public"."click_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" smallint NOT NULL,
	"username" varchar(32) NOT NULL,
	"password_hash" text NOT NULL,
	"password_secret" text NOT NULL,
	"email" varchar(128),
	"active" boolean DEFAULT true NOT NULL,
	"login_blocked" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT true NOT NULL,
	"reg_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_time" timestamp with time zone,
	"login_count" integer DEFAULT 0 NOT NULL,
	"alert_html" text,
	"earning_visible" boolean DEFAULT false NOT NULL,
	"approve_agents" boolean DEFAULT false NOT NULL,
	"show_suspend" boolean DEFAULT false NOT NULL,
	"can_delete" boolean DEFAULT false NOT NULL,
	"session_version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_sites" (
	"agent_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	CONSTRAINT "agent_sites_agent_id_site_id_pk" PRIMARY KEY("agent_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"first_name" varchar(64) NOT NULL,
	"last_name" varchar(64) NOT NULL,
	"email" varchar(128),
	"must_read" text,
	"active" boolean DEFAULT true NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"show_fraud_notes" boolean DEFAULT false NOT NULL,
	"reg_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"enable" boolean DEFAULT false NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avp_periods" (
	"index" integer PRIMARY KEY NOT NULL,
	"from" integer NOT NULL,
	"to" integer NOT NULL,
	"payout_php" numeric(12, 2) DEFAULT '0' NOT NULL,
	"payout_dollars" numeric(12, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "black_list_ips" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" varchar(64) NOT NULL,
	CONSTRAINT "black_list_ips_ip_unique" UNIQUE("ip")
);
--> statement-breakpoint
CREATE TABLE "chat_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"client_username" varchar(128) NOT NULL,
	"conversation" text NOT NULL,
	"submit_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" bigint PRIMARY KEY NOT NULL,
	"click_time" timestamp with time zone NOT NULL,
	"site_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"ip" varchar(64) NOT NULL,
	"is_unique" boolean NOT NULL,
	"referer" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(128) NOT NULL,
	"mime" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"typename" varchar(64) NOT NULL,
	"typealias" varchar(64) NOT NULL,
	"bbr_ch" integer,
	"username" varchar(64) NOT NULL,
	"url" varchar(512) NOT NULL,
	"payout" numeric(12, 2) DEFAULT '0' NOT NULL,
	"earning" numeric(12, 2) DEFAULT '0' NOT NULL,
	"lpp" integer DEFAULT 1 NOT NULL,
	"bonus" boolean DEFAULT false NOT NULL,
	"bonus_payout" numeric(12, 2) DEFAULT '0' NOT NULL,
	"bonus_earning" numeric(12, 2) DEFAULT '0' NOT NULL,
	"bonus_lpp" integer DEFAULT 1 NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"ip" varchar(64) NOT NULL,
	"in_time" timestamp with time zone DEFAULT now() NOT NULL,
	"out_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "migration_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(32) NOT NULL,
	"password_secret" text NOT NULL,
	"first_name" varchar(64) NOT NULL,
	"last_name" varchar(64) NOT NULL,
	"email" varchar(128),
	"office_name" varchar(128) NOT NULL,
	"ready_to_migrate" boolean DEFAULT true NOT NULL,
	"migrated_agent_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "migration_agents_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "office_fees" (
	"type_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"enable" boolean DEFAULT false NOT NULL,
	"payout" numeric(12, 2) DEFAULT '0' NOT NULL,
	"earning" numeric(12, 2) DEFAULT '0' NOT NULL,
	"lpp" integer DEFAULT 1 NOT NULL,
	"bonus_payout" numeric(12, 2) DEFAULT '0' NOT NULL,
	"bonus_earning" numeric(12, 2) DEFAULT '0' NOT NULL,
	"bonus_lpp" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "office_fees_type_id_office_id_pk" PRIMARY KEY("type_id","office_id")
);
--> statement-breakpoint
CREATE TABLE "office_sites" (
	"office_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "office_sites_office_id_site_id_pk" PRIMARY KEY("office_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"office_name" varchar(128) NOT NULL,
	"man_first_name" varchar(64) NOT NULL,
	"man_last_name" varchar(64) NOT NULL,
	"man_email" varchar(128),
	"agent_notes" text,
	"preferred_domain_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"reg_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "options" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preferred_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" varchar(255) NOT NULL,
	"description" text,
	"hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_login_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"event_type" smallint NOT NULL,
	"site_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"click_id" bigint,
	"customer_email" varchar(128),
	"payout" numeric(12, 2) DEFAULT '0' NOT NULL,
	"earning" numeric(12, 2) DEFAULT '0' NOT NULL,
	"lpp" integer DEFAULT 0 NOT NULL,
	"tx_id" varchar(128) NOT NULL,
	"referer" text
);
--> statement-breakpoint
CREATE TABLE "site_manuals" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"title" varchar(128) NOT NULL,
	"html" text NOT NULL,
	CONSTRAINT "site_manuals_site_id_unique" UNIQUE("site_id")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"sitename" varchar(128) NOT NULL,
	"shortname" varchar(16) NOT NULL,
	"abbr" varchar(10) NOT NULL,
	"url" varchar(128) NOT NULL,
	"click_param" varchar(16) DEFAULT 'clickid' NOT NULL,
	"contact_name" varchar(64),
	"email" varchar(64),
	"phone_num" varchar(64),
	"type" varchar(16) NOT NULL,
	"note" text,
	"status" boolean DEFAULT true NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"special_report" boolean DEFAULT false NOT NULL,
	"use_approve_sale" boolean DEFAULT false NOT NULL,
	"avp" boolean DEFAULT false NOT NULL,
	"postback_token" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"raws" integer DEFAULT 0 NOT NULL,
	"uniques" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"bonus_sales" integer DEFAULT 0 NOT NULL,
	"earn" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bonus_earn" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payout" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bonus_payout" numeric(14, 2) DEFAULT '0' NOT NULL,
	"lpp" integer DEFAULT 0 NOT NULL,
	"bonus_lpp" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_day_site_id_type_id_office_id_agent_id_pk" PRIMARY KEY("day","site_id","type_id","office_id","agent_id")
);
--> statement-breakpoint
ALTER TABLE "agent_sites" ADD CONSTRAINT "agent_sites_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sites" ADD CONSTRAINT "agent_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_logs" ADD CONSTRAINT "chat_logs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_types" ADD CONSTRAINT "link_types_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_logs" ADD CONSTRAINT "login_logs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_agents" ADD CONSTRAINT "migration_agents_migrated_agent_id_agents_id_fk" FOREIGN KEY ("migrated_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_fees" ADD CONSTRAINT "office_fees_type_id_link_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."link_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_fees" ADD CONSTRAINT "office_fees_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_sites" ADD CONSTRAINT "office_sites_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_sites" ADD CONSTRAINT "office_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_preferred_domain_id_preferred_domains_id_fk" FOREIGN KEY ("preferred_domain_id") REFERENCES "public"."preferred_domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_login_tokens" ADD CONSTRAINT "remote_login_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_login_tokens" ADD CONSTRAINT "remote_login_tokens_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_manuals" ADD CONSTRAINT "site_manuals_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_username_lower_idx" ON "accounts" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "accounts_role_idx" ON "accounts" USING btree ("role","approved");--> statement-breakpoint
CREATE INDEX "agent_sites_site_idx" ON "agent_sites" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_account_idx" ON "agents" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "agents_office_idx" ON "agents" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "chat_logs_time_idx" ON "chat_logs" USING btree ("submit_time");--> statement-breakpoint
CREATE INDEX "chat_logs_agent_idx" ON "chat_logs" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "clicks_time_idx" ON "clicks" USING btree ("click_time");--> statement-breakpoint
CREATE INDEX "clicks_agent_time_idx" ON "clicks" USING btree ("agent_id","click_time");--> statement-breakpoint
CREATE INDEX "clicks_office_time_idx" ON "clicks" USING btree ("office_id","click_time");--> statement-breakpoint
CREATE INDEX "clicks_site_time_idx" ON "clicks" USING btree ("site_id","click_time");--> statement-breakpoint
CREATE INDEX "link_types_site_idx" ON "link_types" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "login_logs_account_idx" ON "login_logs" USING btree ("account_id","in_time");--> statement-breakpoint
CREATE INDEX "login_logs_in_idx" ON "login_logs" USING btree ("in_time");--> statement-breakpoint
CREATE INDEX "office_sites_site_idx" ON "office_sites" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offices_account_idx" ON "offices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "offices_name_idx" ON "offices" USING btree ("office_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_site_tx_idx" ON "sales" USING btree ("site_id","tx_id");--> statement-breakpoint
CREATE INDEX "sales_date_idx" ON "sales" USING btree ("date");--> statement-breakpoint
CREATE INDEX "sales_agent_date_idx" ON "sales" USING btree ("agent_id","date");--> statement-breakpoint
CREATE INDEX "sales_office_date_idx" ON "sales" USING btree ("office_id","date");--> statement-breakpoint
CREATE INDEX "sales_site_date_idx" ON "sales" USING btree ("site_id","date");--> statement-breakpoint
CREATE INDEX "sales_click_idx" ON "sales" USING btree ("click_id");--> statement-breakpoint
CREATE INDEX "sales_email_idx" ON "sales" USING btree ("customer_email");--> statement-breakpoint
CREATE INDEX "stats_daily_office_idx" ON "stats_daily" USING btree ("office_id","day");--> statement-breakpoint
CREATE INDEX "stats_daily_agent_idx" ON "stats_daily" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "stats_daily_site_idx" ON "stats_daily" USING btree ("site_id","day");