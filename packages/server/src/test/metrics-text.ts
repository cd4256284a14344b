// Reads the Prometheus text format strictly enough to catch a malformed line: every sample follows its
// family's # HELP and # TYPE, names and labels are well formed, values are numbers.
export type Samples = Map<string, number>;

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(\\{(.*)\\})? (\\S+)$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** Samples keyed `name{a="1",b="2"}` with the labels sorted; throws on any line that is not the format. */
export function parseMetrics(text: string): Samples {
  const samples: Samples = new Map();
  const typed = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        if (!TYPES.has(meta[3])) throw new Error(`unknown type: ${line}`);
        typed.set(meta[2], meta[3]);
      }
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const family = m[1].replace(/_(bucket|sum|count)$/, '');
    if (!typed.has(m[1]) && !typed.has(family)) throw new Error(`sample before its # TYPE: ${line}`);
    const labels = m[3]
      ? splitLabels(m[3]).map((l) => {
          if (!LABEL.test(l)) throw new Error(`bad label ${l} in: ${line}`);
          return l;
        })
      : [];
    // Prometheus reads NaN in any case (prom-client writes `Nan`).
    const value = m[4] === '+Inf' ? Infinity : m[4] === '-Inf' ? -Infinity : Number(m[4]);
    if (Number.isNaN(value) && m[4].toLowerCase() !== 'nan') throw new Error(`bad value: ${line}`);
    samples.set(`${m[1]}${labels.length ? `{${labels.sort().join(',')}}` : ''}`, value);
  }
  return samples;
}

function splitLabels(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** The key of a sample with these labels, as parseMetrics() keys it. */
export function sampleKey(name: string, labels: Record<string, string> = {}): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  return parts.length ? `${name}{${parts.sort().join(',')}}` : name;
}
