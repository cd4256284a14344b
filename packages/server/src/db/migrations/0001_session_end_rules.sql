-- Sessions end for good when an account is suspended, login-blocked or given a new password,
-- whichever code path writes it: tokens carry session_version, and re-activation does not lower it.
CREATE OR REPLACE FUNCTION accounts_end_sessions() RETURNS trigger AS $$
BEGIN
  IF (OLD.active AND NOT NEW.active)
     OR (NOT OLD.login_blocked AND NEW.login_blocked)
     OR (OLD.password_hash IS DISTINCT FROM NEW.password_hash) THEN
    NEW.session_version := GREATEST(NEW.session_version, OLD.session_version + 1);
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER accounts_end_sessions BEFORE UPDATE ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_end_sessions();
