// closeRefusal: the one rule the list's canClose and the close share.
import { describe, expect, it } from 'vitest';
import { PAY_PERIOD_TEXTS } from '@salesdesk/contract';
import { closeRefusal, type PayState } from './close';

const state: PayState = { cycle: 'half-month', closedThrough: '2025-01-15' };
const second = { start: '2025-01-16', end: '2025-01-31' };
const third = { start: '2025-02-01', end: '2025-02-15' };

describe('closeRefusal', () => {
  it('lets an ended period close when no earlier open period holds money', () => {
    expect(closeRefusal(state, second, '2025-02-01', '2025-01-16')).toBeNull();
    expect(closeRefusal(state, third, '2025-02-16', '2025-02-03')).toBeNull();
    expect(closeRefusal(state, third, '2025-02-16', null)).toBeNull();
  });

  it('refuses a period not ended, on its last day too', () => {
    expect(closeRefusal(state, second, '2025-01-31', null)).toBe(PAY_PERIOD_TEXTS.notEnded);
    expect(closeRefusal(state, second, '2025-01-20', null)).toBe(PAY_PERIOD_TEXTS.notEnded);
  });

  it('names the earlier open period with money that must close first', () => {
    expect(closeRefusal(state, third, '2025-02-16', '2025-01-20')).toBe(
      PAY_PERIOD_TEXTS.closeEarlierFirst(second),
    );
  });
});
