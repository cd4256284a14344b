import { describe, expect, it } from 'vitest';
import { Role, type TMe } from '@salesdesk/contract';
import { admin, everyone, superadmin } from './access-rules';
import { buildAppRoutes, buildMenu, buildSections, visibleTabs, type Area } from './area';

const Page = () => null;
const who = (role: TMe['role']) => ({ role, permissions: [] }) as unknown as TMe;
const brand = { showHowToSell: true };

const areas: Area[] = [
  {
    sections: [{ path: 'things', access: admin, menu: { label: 'Things' }, landing: 'things/list' }],
    screens: [{ path: 'things/list', page: Page, tab: 'Things' }],
  },
  // Another area's screen in the section above: its tab follows the owner's.
  { screens: [{ path: 'things/extra/:id', page: Page, access: superadmin, tab: 'Extra' }] },
  { sections: [{ path: 'hidden', access: everyone }], screens: [{ path: 'hidden', page: Page }] },
];

describe('the areas builder', () => {
  it('puts each screen under its section, the landing first, and a tab per tabbed screen', () => {
    const sections = buildSections(areas);
    const [things] = buildAppRoutes(sections);
    expect(things?.path).toBe('things');
    expect(things?.children?.map((c) => (c.index ? 'index' : c.path))).toEqual([
      'index',
      'list',
      'extra/:id',
    ]);
    expect(sections[0]!.tabs.map((t) => t.label)).toEqual(['Things', 'Extra']);
    expect(visibleTabs(sections[0]!.tabs, who(Role.Admin), brand).map((t) => t.label)).toEqual(['Things']);
  });

  it('makes a menu entry only for sections that declare one', () => {
    expect(buildMenu(buildSections(areas)).map((m) => m.to)).toEqual(['/app/things']);
  });

  it('refuses a screen whose section no area declares, and a section declared twice', () => {
    expect(() => buildSections([{ screens: [{ path: 'nowhere/x', page: Page }] }])).toThrow(/nowhere\/x/);
    expect(() => buildSections([areas[2]!, areas[2]!])).toThrow(/hidden/);
  });
});
