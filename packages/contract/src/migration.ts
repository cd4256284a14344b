// Migration from the old server: agents imported into migration_agents wait to be created here.
import { z } from 'zod';

/** GET admins/countToMigrate: agents ready to migrate and not migrated yet. */
export const ZMigrationCount = z.object({ count: z.number() });
export type TMigrationCount = z.infer<typeof ZMigrationCount>;

/** GET accounts/migrate: how many agents were created, and each one left waiting with its reason. */
export const ZMigrationResult = z.object({
  migrated: z.number(),
  skipped: z.array(z.object({ username: z.string(), reason: z.string() })),
});
export type TMigrationResult = z.infer<typeof ZMigrationResult>;

export const MIGRATE_BUTTON = 'Migrate agents from old server';
export const MIGRATE_CONFIRM = 'Are you sure to migrate agents from old server?';
