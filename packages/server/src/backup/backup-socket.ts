// The embedded store lives in one process: while the server runs, it takes the backup. It listens on a
// Unix socket in DATA_DIR (mode 0600, so only this machine's owner of the data reaches it); the backup CLI
// sends the file's path and prints the progress lines streamed back.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import type { PGliteInterface } from '@electric-sql/pglite';
import { tableDigests } from './digest';
import { dumpPglite } from './pglite-dump';
import type { Progress } from './progress';

export const socketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

type Message = { progress: string } | { done: number } | { error: string };

/** Serves backup requests; answers the function that stops listening. */
export async function serveBackups(
  pglite: PGliteInterface,
  dataDir: string,
  /** Tests only: a request may name a file for the digest of every table inside the backup's snapshot. */
  allowDigest = false,
): Promise<() => Promise<void>> {
  const where = socketPath(dataDir);
  fs.rmSync(where, { force: true }); // left by a server that was killed
  let busy = false;
  const server = net.createServer((socket) => {
    const send = (m: Message) => socket.writable && socket.write(`${JSON.stringify(m)}\n`);
    const lines = readline.createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      void (async () => {
        try {
          const { file, digestFile } = JSON.parse(line) as { file: string; digestFile?: string };
          if (busy) throw new Error('a backup is already running');
          busy = true;
          try {
            const { bytes } = await dumpPglite(pglite, file, {
              progress: (p) => send({ progress: p }),
              inSnapshot:
                allowDigest && digestFile
                  ? async (run) => fs.writeFileSync(digestFile, JSON.stringify(await tableDigests(run)))
                  : undefined,
            });
            send({ done: bytes });
          } finally {
            busy = false;
          }
        } catch (err) {
          send({ error: (err as Error).message });
        }
        socket.end();
      })();
    });
    socket.on('error', () => undefined);
  });
  // Created 0600 from the start (a chmod after listening would leave a moment where others could connect).
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(where, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  fs.chmodSync(where, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}

/** Connects to a running server's socket, or answers undefined when none listens there. */
function connect(dataDir: string): Promise<net.Socket | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath(dataDir));
    socket.once('connect', () => resolve(socket));
    socket.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(undefined);
      else reject(err);
    });
  });
}

export async function serverRunning(dataDir: string): Promise<boolean> {
  const socket = await connect(dataDir);
  socket?.destroy();
  return socket !== undefined;
}

/** Asks the running server for a backup; undefined when no server runs on DATA_DIR. */
export async function requestBackup(
  dataDir: string,
  file: string,
  progress: Progress,
  digestFile?: string,
): Promise<{ bytes: number } | undefined> {
  const socket = await connect(dataDir);
  if (!socket) return undefined;
  socket.write(`${JSON.stringify({ file, digestFile })}\n`);
  for await (const line of readline.createInterface({ input: socket })) {
    const m = JSON.parse(line) as Message;
    if ('progress' in m) progress(m.progress);
    else if ('done' in m) return { bytes: m.done };
    else throw new Error(m.error);
  }
  throw new Error('the server closed the connection before the backup finished');
}
