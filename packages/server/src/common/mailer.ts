// Mail goes through SMTP when SMTP_URL is set, else into data/outbox/ as .eml files (DESIGN.md rule 10).
// An outbox mail may hold a live one-time login link: only the server's own user may read it, like
// secret.key (the folder 0700, each file 0600, whatever the umask).
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with it (a scheduled report's CSV). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const OUTBOX_DIR_MODE = 0o700;
export const OUTBOX_FILE_MODE = 0o600;

/** The outbox folder, made or narrowed to the owner (an outbox of an older version was left open). */
async function openOutbox(outbox: string) {
  await fs.mkdir(outbox, { recursive: true, mode: OUTBOX_DIR_MODE });
  await fs.chmod(outbox, OUTBOX_DIR_MODE);
}

export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(opts.dataDir, 'outbox');
  let opened: Promise<void> | undefined;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      if (opts.smtpUrl) return;
      opened ??= openOutbox(outbox).catch((err: unknown) => {
        opened = undefined;
        throw err;
      });
      await opened;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const file = path.join(outbox, name);
      const message = (info as unknown as { message: Buffer }).message;
      // Created 0600 ('wx': a new file, never one already there); chmod as well, as the umask may narrow only.
      await fs.writeFile(file, message, { mode: OUTBOX_FILE_MODE, flag: 'wx' });
      await fs.chmod(file, OUTBOX_FILE_MODE);
    },
  };
}
