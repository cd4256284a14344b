// The table rule (docs/adding-an-area.md "Cells") on every list screen, on a phone (390x844): a row's
// actions and its money stay in view without sideways scrolling, as every role that sees the list.
import { describe, it } from 'node:test';
import { assertListsKeepInView, LISTS, SIZES, tableWorld } from '../support/tables';

const world = tableWorld(false);

describe('row actions and money in view on a phone', () => {
  for (const user of Object.keys(LISTS))
    it(`${user} at ${SIZES[1].name}: every list, one statement`, () =>
      assertListsKeepInView(world.browser, user, SIZES[1]));
});
