// A TCP proxy in front of the test Redis that can stop passing bytes on: a Redis that hangs (the
// connection stays open, no answer comes) rather than one that is away (the connection refused).
import net from 'node:net';

export interface RedisProxy {
  url: string;
  /** From now on nothing goes through, either way; the connections stay open. */
  hang(): void;
  close(): Promise<void>;
}

export async function redisProxy(redisUrl: string): Promise<RedisProxy> {
  const target = new URL(redisUrl);
  const sockets = new Set<net.Socket>();
  let hung = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ]) {
      sockets.add(from);
      from.on('data', (chunk) => void (hung || to.write(chunk)));
      from.on('error', () => undefined);
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    hang: () => void (hung = true),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
