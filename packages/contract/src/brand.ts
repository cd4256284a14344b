// White-label brands (DESIGN.md rule 16): config/brands.json, BRAND selects the active one.
import { z } from 'zod';

export const DEFAULT_BRAND = 'emarket';

export const ZBrand = z.object({
  name: z.string(),
  displayName: z.string(),
  styleClass: z.string(),
  copyright: z.string(),
  showIp: z.boolean(),
  showUniques: z.boolean(),
  showReferer: z.boolean(),
  showLandingPages: z.boolean(),
  showHowToSell: z.boolean(),
});
export type TBrand = z.infer<typeof ZBrand>;

export const ZBrandsFile = z.object({
  default: z.string(),
  brands: z.record(z.string(), ZBrand.omit({ name: true })),
});
