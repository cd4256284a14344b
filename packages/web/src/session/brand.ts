// The active brand (GET brand, public): display name, copyright, style class on <body>, feature switches.
import { useEffect } from 'react';
import { DEFAULT_BRAND, ZBrand, type TBrand } from '@salesdesk/contract';
import { useBrandQuery } from '../api/session-queries';

/** Used until GET brand answers (or if it fails); hides the optional features. */
export const FALLBACK_BRAND: TBrand = {
  name: DEFAULT_BRAND,
  displayName: 'Salesdesk',
  styleClass: `brand-${DEFAULT_BRAND}`,
  copyright: '',
  showIp: false,
  showUniques: false,
  showReferer: false,
  showLandingPages: false,
  showHowToSell: false,
};

/** The brand the server wrote into index.html, so the first paint already shows its name. */
export function brandFromPage(doc: Document = document): TBrand | undefined {
  const content = doc.querySelector('meta[name="salesdesk-brand"]')?.getAttribute('content');
  if (!content) return undefined;
  try {
    const parsed = ZBrand.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const pageBrand = typeof document === 'undefined' ? undefined : brandFromPage();

export function useBrand(): TBrand {
  return useBrandState().brand;
}

/** The brand, and whether it is the real one (from the page or GET brand) rather than the fallback. */
export function useBrandState(): { brand: TBrand; known: boolean } {
  const { data, isPending } = useBrandQuery();
  const brand = data ?? pageBrand ?? FALLBACK_BRAND;
  // A failed GET brand leaves the fallback for good: deciding on it beats waiting forever.
  return { brand, known: !!data || !!pageBrand || !isPending };
}

/** Puts the brand's style class on <body> while mounted. */
export function useBrandBodyClass(): void {
  const { styleClass } = useBrand();
  useEffect(() => {
    const classes = styleClass.split(/\s+/).filter(Boolean);
    document.body.classList.add(...classes);
    return () => document.body.classList.remove(...classes);
  }, [styleClass]);
}
