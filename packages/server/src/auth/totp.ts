// The authenticator's codes (RFC 6238 TOTP through otpauth), its QR code (qrcode) and recovery codes.
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@salesdesk/contract';
import { sha256 } from '../common/crypto';

/** Codes of the step before and after the current one are taken too (clocks drift). */
const WINDOW = 1;

const totpOf = (secret: string, issuer = '', label = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret of 160 random bits, in base32 as apps take it typed. */
export const newSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address the QR code holds. */
export const otpauthUri = (secret: string, issuer: string, label: string) =>
  totpOf(secret, issuer, label).toString();

export const qrDataUrl = (uri: string) => QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2 });

/** The time step the code belongs to (within the window around `now`), or null for a wrong code. */
export function stepOf(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Ten codes of 80 random bits each, as shown: four groups of four letters and digits. */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    (new Secret({ size: 10 }).base32.toLowerCase().match(/.{4}/g) ?? []).join('-'),
  );

/** A recovery code as stored: the hash of its compact form (what ZOneTimeCode leaves of the typing). */
export const recoveryHash = (code: string) => sha256(code.replace(/[\s-]/g, '').toLowerCase());
