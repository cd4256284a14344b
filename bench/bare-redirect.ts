// The click benchmark's baseline: a bare node:http server answering the same 302 as the click redirect
// (same path shape, a Location of the same length with a fresh id, cache-control no-store), nothing else.
import http from 'node:http';

const CLICK_PATH = /^\/api\/links\/go\/(\d+)\/(\d+)\/(\d+)$/;
let nextId = 1_000_000;

const server = http.createServer((req, res) => {
  const match = req.method === 'GET' ? CLICK_PATH.exec(req.url ?? '') : null;
  if (!match) {
    res.writeHead(404, { 'content-length': 0 }).end();
    return;
  }
  const location = `https://www.site${match[1]}.example/join?src=emk&clickid=${nextId++}`;
  res.writeHead(302, { location, 'cache-control': 'no-store', 'content-length': 0 }).end();
});
server.keepAliveTimeout = 72_000; // as Fastify's default, so autocannon keeps its connections
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
