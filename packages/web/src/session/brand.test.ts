import { describe, expect, it } from 'vitest';
import { brandFromPage } from './brand';

describe('brandFromPage', () => {
  it('reads the brand the server wrote into index.html, and nothing from a broken tag', () => {
    const doc = document.implementation.createHTMLDocument('x');
    const brand = {
      name: 'emarket',
      displayName: 'eMarket Office',
      styleClass: 'brand-emarket',
      copyright: '©',
      showIp: true,
      showUniques: true,
      showReferer: false,
      showLandingPages: false,
      showHowToSell: true,
    };
    const meta = doc.createElement('meta');
    meta.setAttribute('name', 'salesdesk-brand');
    meta.setAttribute('content', JSON.stringify(brand));
    doc.head.append(meta);
    expect(brandFromPage(doc)?.displayName).toBe('eMarket Office');
    meta.setAttribute('content', '{broken');
    expect(brandFromPage(doc)).toBeUndefined();
  });
});
