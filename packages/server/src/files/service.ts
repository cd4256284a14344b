// Images for the rich-text editor: png, jpeg, gif or webp up to 5 MB, stored under data/files/ (rule 15).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context';
import { files } from '../db/schema';
import { validationError } from '../http/errors';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

// The type is decided from the file's own first bytes, never from the name or the client's header.
const SIGNATURES: { mime: string; ext: string; test: (b: Buffer) => boolean }[] = [
  {
    mime: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: 'image/gif',
    ext: 'gif',
    test: (b) =>
      b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export const imageType = (data: Buffer) => SIGNATURES.find((s) => s.test(data));
export const filesDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'files');
const NAME = /^[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp)$/;
export const isStoredName = (name: string) => NAME.test(name);

export async function storeImage(ctx: AppContext, accountId: number, data: Buffer): Promise<{ url: string }> {
  if (data.length > MAX_IMAGE_BYTES) throw validationError({ file: ['The image is larger than 5 MB'] });
  const type = imageType(data);
  if (!type) throw validationError({ file: ['Only png, jpeg, gif and webp images are accepted'] });
  const name = `${crypto.randomBytes(18).toString('base64url')}.${type.ext}`;
  await fs.mkdir(filesDir(ctx), { recursive: true });
  await fs.writeFile(path.join(filesDir(ctx), name), data, { flag: 'wx' });
  await ctx.db.insert(files).values({ name, mime: type.mime, size: data.length, accountId });
  return { url: `/api/files/${name}` };
}

export const mimeOf = (name: string) =>
  SIGNATURES.find((s) => name.endsWith(`.${s.ext}`))?.mime ?? 'application/octet-stream';
