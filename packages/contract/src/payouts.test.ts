import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_NUMBER_DIGITS,
  MOBILE_NUMBER_FORMAT,
  payoutReference,
  payoutSummary,
  payoutSummaryText,
  ZPayoutDetails,
} from './payouts';

const errors = (input: unknown) => {
  const r = ZPayoutDetails.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('payout details', () => {
  it('takes a bank account of 10 to 16 digits and nothing else as its number', () => {
    const bank = { method: 'bank', bank: 'BDO', accountName: 'Ana Cruz', accountNumber: '0012345678' };
    expect(ZPayoutDetails.parse(bank)).toEqual(bank);
    expect(errors({ ...bank, accountNumber: '1'.repeat(16) })).toEqual([]);
    for (const accountNumber of [
      '123456789',
      '1'.repeat(17),
      '0012 345678',
      '0x12345678',
      '1e10',
      '１２３４５６７８９０',
    ])
      expect(errors({ ...bank, accountNumber })).toEqual([`accountNumber: ${ACCOUNT_NUMBER_DIGITS}`]);
    expect(errors({ ...bank, accountNumber: 1234567890 })).toHaveLength(1);
    expect(errors({ ...bank, bank: ' ' })).toEqual(['bank: Bank is required']);
    expect(errors({ ...bank, accountName: 'Ana\u0000Cruz' })).toHaveLength(1);
    expect(errors({ ...bank, accountName: 'Аna Cruz' })).toHaveLength(1); // a Cyrillic А
  });

  it('takes a Philippine mobile number as 09xxxxxxxxx or +639xxxxxxxxx, kept as +639', () => {
    for (const method of ['gcash', 'maya']) {
      const wallet = { method, mobileNumber: '09171234567', accountName: 'Ana Cruz' };
      expect(ZPayoutDetails.parse(wallet)).toEqual({ ...wallet, mobileNumber: '+639171234567' });
      expect(ZPayoutDetails.parse({ ...wallet, mobileNumber: '+639171234567' })).toEqual({
        ...wallet,
        mobileNumber: '+639171234567',
      });
      for (const mobileNumber of [
        '0917123456',
        '091712345678',
        '08171234567',
        '+63917123456',
        '639171234567',
        '0917-123-4567',
      ])
        expect(errors({ ...wallet, mobileNumber })).toEqual([`mobileNumber: ${MOBILE_NUMBER_FORMAT}`]);
    }
  });

  it('takes a PayPal e-mail by the stored-address rules, and refuses an unknown method', () => {
    expect(ZPayoutDetails.parse({ method: 'paypal', email: 'ana@example.com' })).toEqual({
      method: 'paypal',
      email: 'ana@example.com',
    });
    expect(errors({ method: 'paypal', email: 'ana@exаmple.com' })).not.toEqual([]); // a Cyrillic а
    expect(errors({ method: 'paypal', email: 'not an email' })).not.toEqual([]);
    expect(errors({ method: 'cash', email: 'ana@example.com' })).toHaveLength(1);
    expect(errors({ method: 'bank' })).toHaveLength(3);
  });

  it('shows an office the method and the last 4 characters only', () => {
    const gcash = ZPayoutDetails.parse({ method: 'gcash', mobileNumber: '09171234567', accountName: 'Ana' });
    expect(payoutSummary(gcash)).toEqual({ method: 'gcash', last4: '4567' });
    expect(payoutSummaryText(payoutSummary(gcash))).toBe('GCash ••••4567');
    const bank = ZPayoutDetails.parse({
      method: 'bank',
      bank: 'BPI',
      accountName: 'Ana',
      accountNumber: '1234567890123',
    });
    expect(payoutSummaryText(payoutSummary(bank))).toBe('Bank transfer ••••0123');
  });

  it('names a payout line the same each time: period start and username', () => {
    expect(payoutReference('2026-11-01', 'agent05')).toBe('SD-2026-11-01-agent05');
  });
});
