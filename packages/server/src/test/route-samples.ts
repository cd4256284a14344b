/// <reference types="vite/types/importMeta.d.ts" />
// The route matrix samples of every area, found by their file name: an area keeps its own in
// src/<area>/route-samples.test-data.ts (export `routeSamples`), and no list here names the areas.
import type { RouteSamples } from './route-sample-kit';

export type { RouteSample, SampleRequest } from './route-sample-kit';

/** Where a route's sample goes, `<area>` being the folder whose routes.ts declares the route. */
export const SAMPLE_FILE = 'src/<area>/route-samples.test-data.ts';

/** One record of every file's samples; a key two files declare, or a file without samples, throws. */
export function mergeSamples(files: Record<string, RouteSamples | undefined>): RouteSamples {
  const merged: RouteSamples = {};
  const fileOf = new Map<string, string>();
  for (const [path, samples] of Object.entries(files)) {
    const file = path.replace(/^(\.\.\/)+/, 'src/');
    if (!samples) throw new Error(`${file} exports no routeSamples`);
    for (const [key, sample] of Object.entries(samples)) {
      const first = fileOf.get(key);
      if (first) throw new Error(`the route sample "${key}" is declared in both ${first} and ${file}`);
      fileOf.set(key, file);
      merged[key] = sample;
    }
  }
  return merged;
}

export const samples = mergeSamples(
  import.meta.glob<RouteSamples | undefined>('../*/route-samples.test-data.ts', {
    eager: true,
    import: 'routeSamples',
  }),
);
