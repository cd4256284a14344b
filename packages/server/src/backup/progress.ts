// Progress of a backup or a restore: plain lines (a log or a terminal both read them), and a file's size.

/** Receives one line of progress. */
export type Progress = (line: string) => void;

export const silent: Progress = () => undefined;

/** "12.3 MB (12345678 bytes)": readable, and exact for a script comparing sizes. */
export function describeSize(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const readable = unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
  return unit === 0 ? readable : `${readable} (${bytes} bytes)`;
}
