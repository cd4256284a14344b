import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BONUS_COLOR, Peso, Percent, Price, SignedPercent } from './money';
import { renderUi } from './test-utils';

describe('money cells', () => {
  it('formats with the contract formatters and colours bonus values', () => {
    renderUi(
      <>
        <Price value="-12.5" />
        <Peso value={1200} bonus />
        <Price value="12141" />
        <Percent value={3} />
        <SignedPercent value={0} />
      </>,
    );
    expect(screen.getByText('-$12.50')).toBeTruthy();
    expect(screen.getByText('₱1,200').style.color).toBe(BONUS_COLOR);
    expect(screen.getByText('$12,141.00')).toBeTruthy();
    expect(screen.getByText('3.00%')).toBeTruthy();
    expect(screen.getByText('0%')).toBeTruthy();
  });
});
