// Preferred domains (offices submenu, superadmin) and the selector offices use.
import { z } from 'zod';

export const ZPreferredDomainOption = z.object({ id: z.number(), domain: z.string(), hidden: z.boolean() });
export type TPreferredDomainOption = z.infer<typeof ZPreferredDomainOption>;
