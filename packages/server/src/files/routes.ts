// POST files/image (editors upload images) and GET files/{name} (images are shown in <img>, without a token).
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { PUBLIC, role } from '../http/access';
import { notFound, validationError } from '../http/errors';
import { filesDir, isStoredName, MAX_IMAGE_BYTES, mimeOf, storeImage } from './service';

const filesRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1 } });

  app.post(
    '/files/image',
    { config: { access: role(Role.Company) }, schema: { response: { 200: z.object({ url: z.string() }) } } },
    async (req) => {
      const file = await req.file().catch(() => undefined);
      if (!file) throw validationError({ file: ['Choose an image to upload'] });
      const data = await file.toBuffer().catch(() => {
        throw validationError({ file: ['The image is larger than 5 MB'] });
      });
      return storeImage(ctx, principalOf(req).accountId, data);
    },
  );

  app.get(
    '/files/:name',
    { config: { access: PUBLIC }, schema: { params: z.object({ name: z.string().max(80) }) } },
    async (req, reply) => {
      const { name } = req.params;
      if (!isStoredName(name)) throw notFound();
      const file = path.join(filesDir(ctx), name);
      if (!fs.existsSync(file)) throw notFound();
      return reply
        .type(mimeOf(name))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(file));
    },
  );
};

export default filesRoutes;
