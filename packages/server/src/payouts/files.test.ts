// The payer's files, line by line (issue 36): each method's columns, PayPal Payouts' currency, a mobile
// number's + kept, and a name or bank that starts like a formula defused for the spreadsheet that opens it.
import { describe, expect, it } from 'vitest';
import { ZPayoutDetails } from '@salesdesk/contract';
import { fileRecord, fileText } from './files';

const details = (d: unknown) => ZPayoutDetails.parse(d);

describe('payout file lines', () => {
  it('writes each method in its payer’s columns', () => {
    const ref = 'SD-2026-11-01-agent05';
    expect(
      fileText([
        fileRecord(
          details({ method: 'bank', bank: 'BDO', accountName: 'Ana Cruz', accountNumber: '001234567890' }),
          '1250.50',
          ref,
        ),
        fileRecord(
          details({ method: 'gcash', mobileNumber: '09171234567', accountName: 'Ana Cruz' }),
          '10.00',
          ref,
        ),
        fileRecord(
          details({ method: 'maya', mobileNumber: '+639181234567', accountName: 'Ana, Jr.' }),
          '10.00',
          ref,
        ),
        fileRecord(details({ method: 'paypal', email: 'ana@example.com' }), '99.99', ref),
      ]),
    ).toBe(
      `Ana Cruz,001234567890,BDO,1250.50,${ref}\r\n` +
        `+639171234567,Ana Cruz,10.00,${ref}\r\n` +
        `+639181234567,"Ana, Jr.",10.00,${ref}\r\n` +
        `ana@example.com,99.99,PHP,${ref}\r\n`,
    );
  });

  it('defuses a name that starts like a formula', () => {
    const line = fileText([
      fileRecord(
        details({
          method: 'bank',
          bank: '@BDO',
          accountName: '=HYPERLINK("x")',
          accountNumber: '1234567890',
        }),
        '1.00',
        'R',
      ),
    ]);
    expect(line.startsWith('"\'=HYPERLINK')).toBe(true);
    expect(line).toContain("'@BDO");
  });
});
