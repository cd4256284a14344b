// Running pg_dump and pg_restore: where they live (PG_BIN_DIR, else PATH), the connection passed without
// its password on the command line (PGPASSWORD instead, so `ps` never shows it), verbose lines as progress.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export const pgBin = (name: 'pg_dump' | 'pg_restore') =>
  process.env.PG_BIN_DIR ? path.join(process.env.PG_BIN_DIR, name) : name;

/** The URL without its password, and the environment carrying it. */
export function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export interface RunResult {
  stdout: string;
}

/**
 * Runs a PostgreSQL tool; each stderr line goes to `onLine`. Rejects with the tool's own error lines
 * (they name tables and options, never the password) when it exits non-zero.
 */
export function runTool(
  name: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void = () => undefined,
  captureStdout = false,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(pgBin(name), args, {
      env,
      stdio: ['ignore', captureStdout ? 'pipe' : 'ignore', 'pipe'],
    });
    const errors: string[] = [];
    let stdout = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    readline.createInterface({ input: child.stderr! }).on('line', (line) => {
      if (/error|fatal|could not|failed|aborting/i.test(line)) errors.push(line);
      onLine(line);
    });
    child.on('error', (err) =>
      reject(
        new Error(
          `${name} could not be started (${err.message}): install the PostgreSQL client or set PG_BIN_DIR`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout });
      else
        reject(new Error(`${name} failed (exit ${code}): ${errors.slice(-5).join(' / ') || 'no message'}`));
    });
  });
}
