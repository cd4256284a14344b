// The outbox without SMTP: each mail (it may hold a live login link) is readable by the server's user only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, OUTBOX_DIR_MODE, OUTBOX_FILE_MODE } from './mailer';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-mailer-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const mail = { to: 'ann@example.com', subject: 'Login link', text: 'https://example.com/login-remote?t=x' };

describe('the outbox', () => {
  it('creates the folder 0700 and each .eml 0600, holding the mail', async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ from: 'office@example.com', dataDir });
    await Promise.all([mailer.send(mail), mailer.send(mail)]);
    const outbox = path.join(dataDir, 'outbox');
    expect(modeOf(outbox)).toBe(OUTBOX_DIR_MODE);
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(2);
    for (const f of files) {
      expect(f).toMatch(/\.eml$/);
      expect(modeOf(path.join(outbox, f))).toBe(0o600);
      expect(fs.readFileSync(path.join(outbox, f), 'utf8')).toContain('Subject: Login link');
    }
    expect(OUTBOX_FILE_MODE).toBe(0o600);
  });

  it('narrows an outbox an older version left readable by everyone', async () => {
    const dataDir = tempDir();
    const outbox = path.join(dataDir, 'outbox');
    fs.mkdirSync(outbox, { mode: 0o777 });
    fs.chmodSync(outbox, 0o777);
    await createMailer({ from: 'office@example.com', dataDir }).send(mail);
    expect(modeOf(outbox)).toBe(0o700);
    for (const f of fs.readdirSync(outbox)) expect(modeOf(path.join(outbox, f))).toBe(0o600);
  });
});
