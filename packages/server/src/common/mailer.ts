// Mail goes through SMTP when SMTP_URL is set, else into data/outbox/ as .eml files (DESIGN.md rule 10).
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      if (opts.smtpUrl) return;
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      await fs.writeFile(path.join(outbox, name), (info as unknown as { message: Buffer }).message);
    },
  };
}
