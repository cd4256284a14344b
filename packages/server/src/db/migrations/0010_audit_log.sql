CREATE TABLE "audit_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audit_id" bigint NOT NULL,
	"table_name" varchar(64) NOT NULL,
	"row_key" varchar(128) NOT NULL,
	"op" varchar(8) NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"account_id" integer,
	"username" varchar(64),
	"role" smallint,
	"impersonated_by" integer,
	"impersonator" varchar(64),
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(512),
	"action" varchar(128) NOT NULL,
	"target_type" varchar(24),
	"target_id" varchar(64),
	"detail" varchar(256)
);
--> statement-breakpoint
CREATE INDEX "audit_changes_audit_idx" ON "audit_changes" USING btree ("audit_id","id");--> statement-breakpoint
CREATE INDEX "audit_logs_time_idx" ON "audit_logs" USING btree ("time","id");--> statement-breakpoint
CREATE INDEX "audit_logs_target_idx" ON "audit_logs" USING btree ("target_type","target_id","time");--> statement-breakpoint
CREATE INDEX "audit_logs_account_idx" ON "audit_logs" USING btree ("account_id","time");
--> statement-breakpoint
-- The changes of a write are written before its log row (which is written last, when its target is known);
-- both are in one transaction, so the reference is checked at the commit.
ALTER TABLE "audit_changes" ADD CONSTRAINT "audit_changes_audit_id_fk" FOREIGN KEY ("audit_id")
  REFERENCES "audit_logs"("id") DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- A column whose value the audit log never keeps (passwords, hashes, tokens, secrets, two-factor codes):
-- only that it was set or changed.
CREATE FUNCTION audit_is_secret(col text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT col ~ '(password|secret|token|hash|totp|recovery)'
$$;
--> statement-breakpoint
-- The row trigger of every audited table. It runs only inside an audited write: the API sets
-- salesdesk.audit_id (set_config(..., true): for its transaction only) to the id its log row will have;
-- elsewhere the trigger's WHEN clause is false and nothing runs (a site's postback, a job, the demo data).
-- Arguments: the target type of the table's rows, the column holding the target's id ('' for the row's
-- key), then the key columns. The first row changed names the write's target unless the route declares one.
CREATE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb;
  new_row jsonb;
  row_data jsonb;
  before jsonb := '{}';
  after jsonb := '{}';
  row_key text := '';
  target_id text;
  k text;
  v jsonb;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  row_data := coalesce(new_row, old_row);
  FOR i IN 2 .. TG_NARGS - 1 LOOP
    row_key := row_key || CASE WHEN i > 2 THEN '/' ELSE '' END || coalesce(row_data ->> TG_ARGV[i], '');
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    FOR k, v IN SELECT e.key, e.value FROM jsonb_each(new_row) e LOOP
      CONTINUE WHEN v IS NOT DISTINCT FROM old_row -> k;
      IF audit_is_secret(k) THEN
        after := after || jsonb_build_object(k, '(changed)');
      ELSE
        before := before || jsonb_build_object(k, old_row -> k);
        after := after || jsonb_build_object(k, v);
      END IF;
    END LOOP;
    IF after = '{}' THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT coalesce(jsonb_object_agg(e.key, CASE WHEN audit_is_secret(e.key) THEN to_jsonb('(set)'::text)
                                                  ELSE e.value END), '{}')
      INTO after FROM jsonb_each(new_row) e;
  ELSE
    SELECT coalesce(jsonb_object_agg(e.key, e.value) FILTER (WHERE NOT audit_is_secret(e.key)), '{}')
      INTO before FROM jsonb_each(old_row) e;
  END IF;
  INSERT INTO audit_changes (audit_id, table_name, row_key, op, before, after)
  VALUES (current_setting('salesdesk.audit_id')::bigint, TG_TABLE_NAME, left(row_key, 128), lower(TG_OP),
          CASE WHEN TG_OP <> 'INSERT' THEN before END, CASE WHEN TG_OP <> 'DELETE' THEN after END);
  IF coalesce(current_setting('salesdesk.audit_target', true), '') = '' THEN
    target_id := CASE WHEN TG_ARGV[1] = '' THEN row_key ELSE row_data ->> TG_ARGV[1] END;
    PERFORM set_config('salesdesk.audit_target', TG_ARGV[0] || ':' || coalesce(target_id, ''), true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A target as the log keeps it: an account is named by its role, as the agent, the office or the admin it is.
CREATE FUNCTION audit_target(target_kind text, target_key text) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN coalesce(target_kind, '') = '' THEN NULL
    WHEN target_kind <> 'account' THEN ARRAY[target_kind, nullif(target_key, '')]
    ELSE coalesce(
      (SELECT CASE WHEN g.id IS NOT NULL THEN ARRAY['agent', g.id::text]
                   WHEN o.id IS NOT NULL THEN ARRAY['office', o.id::text]
                   ELSE ARRAY['admin', a.id::text] END
         FROM accounts a
         LEFT JOIN agents g ON g.account_id = a.id
         LEFT JOIN offices o ON o.account_id = a.id
        WHERE a.id = CASE WHEN target_key ~ '^[0-9]{1,9}$' THEN target_key::int END),
      ARRAY['account', nullif(target_key, '')])
  END
$$;
--> statement-breakpoint
-- Rows of the audit log are never edited, and deleted only by the retention job (which sets
-- salesdesk.audit_retention for its transaction).
CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('salesdesk.audit_retention', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'The audit log cannot be changed' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_changes_append_only BEFORE UPDATE OR DELETE ON audit_changes
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_accounts AFTER INSERT OR UPDATE OR DELETE ON accounts FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('account', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_offices AFTER INSERT OR UPDATE OR DELETE ON offices FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('office', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_agents AFTER INSERT OR UPDATE OR DELETE ON agents FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('agent', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_agent_sites AFTER INSERT OR UPDATE OR DELETE ON agent_sites FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '')
  EXECUTE FUNCTION audit_row_change('agent', 'agent_id', 'agent_id', 'site_id');
--> statement-breakpoint
CREATE TRIGGER audit_office_sites AFTER INSERT OR UPDATE OR DELETE ON office_sites FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '')
  EXECUTE FUNCTION audit_row_change('office', 'office_id', 'office_id', 'site_id');
--> statement-breakpoint
CREATE TRIGGER audit_sites AFTER INSERT OR UPDATE OR DELETE ON sites FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('site', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_link_types AFTER INSERT OR UPDATE OR DELETE ON link_types FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('link-type', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_office_fees AFTER INSERT OR UPDATE OR DELETE ON office_fees FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '')
  EXECUTE FUNCTION audit_row_change('custom-rate', '', 'type_id', 'office_id');
--> statement-breakpoint
CREATE TRIGGER audit_site_manuals AFTER INSERT OR UPDATE OR DELETE ON site_manuals FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('manual', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_preferred_domains AFTER INSERT OR UPDATE OR DELETE ON preferred_domains FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('domain', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_news AFTER INSERT OR UPDATE OR DELETE ON news FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('news', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_alerts AFTER INSERT OR UPDATE OR DELETE ON alerts FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('alert', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_black_list_ips AFTER INSERT OR UPDATE OR DELETE ON black_list_ips FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('black-list', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_options AFTER INSERT OR UPDATE OR DELETE ON options FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('option', 'name', 'name');
--> statement-breakpoint
CREATE TRIGGER audit_files AFTER INSERT OR UPDATE OR DELETE ON files FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('file', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_chat_logs AFTER INSERT OR UPDATE OR DELETE ON chat_logs FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('chat-log', 'id', 'id');
--> statement-breakpoint
-- A session's start and end (its login_logs row) and a login link minted for an account: about the account.
CREATE TRIGGER audit_login_logs AFTER INSERT OR UPDATE OR DELETE ON login_logs FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('account', 'account_id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_remote_login_tokens AFTER INSERT OR UPDATE OR DELETE ON remote_login_tokens FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '')
  EXECUTE FUNCTION audit_row_change('account', 'account_id', 'account_id');
--> statement-breakpoint
-- Money an admin changes: a sale's status, a reversal, an adjustment, a pay period closed, paid or reopened.
-- A site's postback writes sales outside any audited write: its WHEN clause is false, the function never
-- runs. clicks and stats_daily have no trigger at all.
CREATE TRIGGER audit_sales AFTER INSERT OR UPDATE ON sales FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('sale', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_pay_periods AFTER INSERT OR UPDATE OR DELETE ON pay_periods FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('pay-period', 'start', 'start');
--> statement-breakpoint
-- Sessions (ended by a logout, the session list, a new password, a two-factor change) and the two-factor
-- rows (their secret and recovery code hashes kept only as changed): about the account.
CREATE TRIGGER audit_sessions AFTER INSERT OR UPDATE OR DELETE ON sessions FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('account', 'account_id', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_two_factor AFTER INSERT OR UPDATE OR DELETE ON two_factor FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '')
  EXECUTE FUNCTION audit_row_change('account', 'account_id', 'account_id');
--> statement-breakpoint
CREATE TRIGGER audit_recovery_codes AFTER INSERT OR UPDATE OR DELETE ON recovery_codes FOR EACH ROW
  WHEN (current_setting('salesdesk.audit_id', true) <> '') EXECUTE FUNCTION audit_row_change('account', 'account_id', 'id');
