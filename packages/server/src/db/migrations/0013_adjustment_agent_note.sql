-- An adjustment's note to its agent (issue 32), apart from the internal note admins see; the sales
-- table's audit trigger records it like every other column.
ALTER TABLE "sales" ADD COLUMN "agent_note" text;
