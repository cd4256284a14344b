// Turns the measurements into the sections of RESULTS.md, each figure beside its baseline.
import os from 'node:os';
import type { BundleSizes } from './bundle-size';
import { WRITER_ROWS } from './click-writer';
import { CLICK_CONNECTIONS, POSTBACK_CONNECTIONS, type StoreRun } from './event-path';
import { EXTRA_SITES } from './postback-load';
import { DURATION_S, WARMUP_S, type LoadResult } from './lib/load';
import type { Section } from './lib/report';

export interface ClickRun {
  /** The bare node:http baseline, measured just before this store's run. */
  bare: LoadResult;
  store: StoreRun;
}

const runs = `${WARMUP_S} s warm-up, then ${DURATION_S} s measured`;

function cpuNote(label: string, r: LoadResult): string {
  const s = (x: number) => `${x.toFixed(1)} s`;
  const available = os.availableParallelism() * DURATION_S;
  return (
    `${label}: CPU used in the measured run: server ${s(r.cpu.serverS)}, PostgreSQL ${s(r.cpu.postgresS)}, ` +
    `bench process (autocannon) ${s(r.cpu.benchS)}, of ${s(available)} available; ` +
    `${r.unexpected} unexpected answers, ${r.errors} errors.`
  );
}

export function clickSection(clickRuns: ClickRun[]): Section {
  const figures = clickRuns.flatMap(({ bare, store }) => [
    {
      measure: `click redirect on ${store.store}: requests/s`,
      value: store.clicks.rps,
      unit: 'req/s',
      baseline: 'bare node:http 302',
      baselineValue: bare.rps,
    },
    {
      measure: `click redirect on ${store.store}: p99 latency`,
      value: store.clicks.p99,
      unit: 'ms',
      baseline: 'bare node:http 302',
      baselineValue: bare.p99,
    },
  ]);
  return {
    title: 'Click redirect',
    setup:
      `GET /api/links/go/{siteId}/{typeId}/{agentId} over the 250 demo links in turn, ${CLICK_CONNECTIONS} connections, ` +
      `${runs}; every answer a 302 to the link type's url with the click id. The baseline is a bare node:http server ` +
      `(bench/bare-redirect.ts) answering the same 302, measured just before each store. The app trusts the loopback ` +
      `proxy (TRUST_PROXY=127.0.0.1, for the postback load that follows), so clicks read the client address through proxy-addr. ` +
      `Every click carries a browser's User-Agent (Chrome 131: a click without one is a bot's) and comes from 127.0.0.1, ` +
      `so past the first 10 clicks of each link in 10 minutes the clicks are repeats (the REPEAT reason: classified in full, ` +
      `flagged, still redirected). ` +
      `Two cores shared by autocannon, the server and PostgreSQL; the one-core runs below separate them.`,
    figures,
    notes: clickRuns.flatMap(({ bare, store }) => [
      cpuNote(`Bare 302 before ${store.store}`, bare),
      cpuNote(`Salesdesk on ${store.store}`, store.clicks),
    ]),
  };
}

export function postbackSection(stores: StoreRun[]): Section {
  return {
    title: 'Sale postbacks',
    setup:
      `GET /api/postback/{siteId}?token=&clickId=&event=sale&txId= with a new txId each, over the 5 demo sites (on PostgreSQL also ${EXTRA_SITES} copies of them), each 2,000 from a new X-Forwarded-For address (the app trusts the loopback proxy), so neither the per-address nor the per-site limit of 6,000 a minute is reached; ` +
      `${POSTBACK_CONNECTIONS} connections, ${runs}; each answered 200 after its commit (sale row and stats_daily ` +
      `increment). Baseline: ${POSTBACK_CONNECTIONS} concurrent loops of single-row INSERT commits into sales on the ` +
      `same database, same duration (PGlite: opened by the bench process once the server stopped).`,
    figures: stores.flatMap((s) => [
      {
        measure: `postbacks on ${s.store}: per second`,
        value: s.postbacks.rps,
        unit: '/s',
        baseline: 'single-row INSERT commits',
        baselineValue: s.insertsPerS,
      },
    ]),
    notes: stores.map((s) => `${cpuNote(`Postbacks on ${s.store}`, s.postbacks)} p99 ${s.postbacks.p99} ms.`),
  };
}

export interface WriterRun {
  writer: number;
  copy: number;
}

export function writerSection(runs: { postgres: WriterRun; pglite: WriterRun }): Section {
  const figure = (store: string, r: WriterRun) => ({
    measure: `click batch writer on ${store}`,
    value: r.writer,
    unit: 'rows/s',
    baseline: 'COPY of the same rows',
    baselineValue: r.copy,
  });
  return {
    title: 'Click ingest',
    setup:
      `${WRITER_ROWS.toLocaleString('en-US')} clicks of today written by the click batch writer (ClickWriter: ` +
      `1,000-row INSERT ... unnest batches, each with its stats_daily increments, one transaction each) against COPY ` +
      `of the same rows into the same emptied table, in the bench process: on PostgreSQL (pg-copy-streams), and on ` +
      `a fresh PGlite in a temporary directory (COPY FROM its virtual /dev/blob), where the database works in the ` +
      `bench process's own thread.`,
    figures: [figure('PostgreSQL', runs.postgres), figure('PGlite', runs.pglite)],
    notes: [
      'COPY writes the clicks only; the writer also keeps stats_daily up to date in the same transaction.',
    ],
  };
}

export function bundleSection(b: { web: BundleSizes; baseline: BundleSizes }): Section {
  const kb = (bytes: number) => bytes / 1024;
  const baseline = 'smallest React 19 app, same Vite';
  const figure = (measure: string, value: number, baselineValue: number) => ({
    measure,
    value: kb(value),
    unit: 'KiB',
    baseline,
    baselineValue: kb(baselineValue),
    digits: 1,
  });
  return {
    title: 'Web bundle size',
    setup:
      '`npm run build`, then gzip (zlib default level) of each file of packages/web/dist/assets. "First load" is what ' +
      'index.html fetches at once (entry script, modulepreloads, stylesheets); "lazy" is every other chunk. Baseline: ' +
      'bench/bundle-baseline (createRoot + one element) built by the same Vite with its defaults.',
    figures: [
      figure('first load JS (gzip)', b.web.initialJs, b.baseline.initialJs),
      figure('first load CSS (gzip)', b.web.initialCss, b.baseline.initialCss),
      figure('lazy JS chunks (gzip, all)', b.web.lazyJs, b.baseline.lazyJs),
    ],
    notes: [
      `Largest lazy chunk: ${b.web.largestLazy.file}, ${kb(b.web.largestLazy.bytes).toFixed(1)} KiB gzip.`,
    ],
  };
}

export function demoSection(withHistory: StoreRun, withoutS: number): Section {
  return {
    title: 'First start with the demo data (PGlite)',
    setup:
      'Seconds from spawning `node --import tsx packages/server/src/main.ts` on an empty data directory until it ' +
      'answers: new PGlite directory, migrations, demo data and (default DEMO_SCALE=1) the 90-day demo history ' +
      'through recordClick/recordSale. Baseline: the same with DEMO_SCALE=0 (no history).',
    figures: [
      {
        measure: 'first start, DEMO_SCALE=1',
        value: withHistory.firstStartS,
        unit: 's',
        baseline: 'first start, DEMO_SCALE=0',
        baselineValue: withoutS,
        digits: 1,
      },
    ],
    notes: withHistory.historyLine ? [withHistory.historyLine] : [],
  };
}
