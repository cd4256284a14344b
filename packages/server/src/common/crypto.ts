// Keys, password hashing and the viewable password copy (DESIGN.md section 5).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';

export interface Keys {
  jwt: Uint8Array;
  aes: Buffer;
  captcha: Buffer;
}

/** SECRET_KEY from the environment, else a generated key file in the data directory (mode 600). */
export function loadKeys(secretKey: string | undefined, dataDir: string): Keys {
  let master = secretKey;
  if (!master) {
    const file = path.join(dataDir, 'secret.key');
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      master = fs.readFileSync(file, 'utf8').trim();
    } catch {
      master = crypto.randomBytes(32).toString('hex');
      try {
        fs.writeFileSync(file, master, { mode: 0o600, flag: 'wx' });
      } catch {
        master = fs.readFileSync(file, 'utf8').trim(); // another process wrote it first
      }
    }
  }
  const derive = (label: string) => Buffer.from(crypto.hkdfSync('sha256', master, 'salesdesk', label, 32));
  return { jwt: new Uint8Array(derive('jwt')), aes: derive('aes-256-gcm'), captcha: derive('captcha') };
}

export const hashPassword = (password: string) => hash(password);
export const verifyPassword = (stored: string, password: string) =>
  verify(stored, password).catch(() => false);

/** AES-256-GCM copy of a password, decrypted only for an account allowed to manage its owner. */
export function encryptSecret(keys: Keys, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keys.aes, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decryptSecret(keys: Keys, stored: string | null): string | null {
  if (!stored) return null;
  try {
    const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', keys.aes, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const randomToken = () => crypto.randomBytes(24).toString('base64url');
