-- A key found past its expiry is written to the audit log once (issue 33): the conditional update of
-- this column claims that row, so two requests with the same expired key at once write one entry. A new
-- nullable column: the release before neither reads nor writes it.
ALTER TABLE "api_keys" ADD COLUMN "expiry_logged_at" timestamp with time zone;
