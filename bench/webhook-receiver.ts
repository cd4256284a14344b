// The webhook delivery bench's receiver (bench/webhook-delivery.ts): a bare node:http server that reads
// each POST's body and answers 200 `ok`, nothing else; GET /count answers how many POSTs it has taken.
import http from 'node:http';

let posts = 0;
const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/count') {
    res.end(String(posts));
    return;
  }
  req.on('data', () => undefined);
  req.on('end', () => {
    if (req.method === 'POST') posts += 1;
    res.end('ok');
  });
});
server.keepAliveTimeout = 72_000; // the senders keep their connections between batches
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
