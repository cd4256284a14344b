// Benchmark figures (each beside the baseline measured in the same run) and RESULTS.md.
import fs from 'node:fs';
import os from 'node:os';

export interface Figure {
  measure: string;
  value: number;
  unit: string;
  baseline: string;
  baselineValue: number;
  /** Digits after the decimal point for both values. */
  digits?: number;
}

export interface Section {
  title: string;
  /** What was run, in one or two sentences. */
  setup: string;
  figures: Figure[];
  notes?: string[];
}

export function machine(): string {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? 'unknown CPU';
  const gib = (os.totalmem() / 2 ** 30).toFixed(1);
  return `${os.availableParallelism()} CPUs (nproc), ${gib} GiB memory, ${model}; Node ${process.version}, ${os.type()} ${os.release()}`;
}

const format = (x: number, digits = 0) =>
  x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(figures: Figure[]): string[] {
  const lines = [
    '| measure | Salesdesk | baseline | baseline value | ratio |',
    '| --- | ---: | --- | ---: | ---: |',
  ];
  for (const f of figures) {
    const ratio = f.baselineValue ? (f.value / f.baselineValue).toFixed(2) : 'n/a';
    const v = (x: number) => `${format(x, f.digits)} ${f.unit}`;
    lines.push(`| ${f.measure} | ${v(f.value)} | ${f.baseline} | ${v(f.baselineValue)} | ${ratio} |`);
  }
  return lines;
}

export function renderResults(opts: {
  date: Date;
  command: string;
  sections: Section[];
  analysis: string;
}): string {
  const out = [
    '# Benchmark results',
    '',
    `Written by \`${opts.command}\` (bench/run-all.ts) on ${opts.date.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    `Machine: ${machine()}.`,
    '',
    'Every figure stands beside a baseline measured in the same run; ratio = Salesdesk / baseline.',
    'Load comes from autocannon in the bench process; every server runs in its own process on 127.0.0.1.',
    '',
  ];
  for (const s of opts.sections) out.push(...renderSection(s));
  out.push(opts.analysis.trim(), '');
  return out.join('\n');
}

/** One section's lines: title, setup, figures and notes. */
export function renderSection(s: Section): string[] {
  const out = [`## ${s.title}`, '', s.setup, '', ...table(s.figures), ''];
  if (s.notes?.length) out.push(...s.notes.map((n) => `- ${n}`), '');
  return out;
}

export interface Block {
  start: string;
  end: string;
}

/** The blocks of the scale benches (`npx tsx bench/stats-bench.ts`, `bench/dashboard-bench.ts`). */
export const STATS_BLOCK: Block = { start: '<!-- stats-bench:start -->', end: '<!-- stats-bench:end -->' };
export const METRICS_COST_BLOCK: Block = {
  start: '<!-- metrics-cost:start -->',
  end: '<!-- metrics-cost:end -->',
};
export const KEY_AUTH_BLOCK: Block = { start: '<!-- key-auth:start -->', end: '<!-- key-auth:end -->' };
export const DASHBOARD_BLOCK: Block = {
  start: '<!-- dashboard-bench:start -->',
  end: '<!-- dashboard-bench:end -->',
};

/** The text of `block` in `text`, markers included, or undefined. */
export function findBlock(text: string, block: Block): string | undefined {
  const start = text.indexOf(block.start);
  const end = text.indexOf(block.end);
  return start >= 0 && end > start ? text.slice(start, end + block.end.length) : undefined;
}

/** Replaces `block` in `file` with `body` between its markers, or adds it before the analysis. */
export function spliceBlock(file: string, block: Block, body: string[]) {
  while (body.length && !body[body.length - 1].trim()) body = body.slice(0, -1);
  const whole = [block.start, '', ...body, '', block.end].join('\n');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  const old = findBlock(text, block);
  let next: string;
  if (old) next = text.replace(old, () => whole);
  else {
    const at = text.indexOf('## Analysis');
    next = at >= 0 ? `${text.slice(0, at)}${whole}\n\n${text.slice(at)}` : `${text.trimEnd()}\n\n${whole}\n`;
  }
  fs.writeFileSync(file, next);
}
