// The time of the fastest of several runs, in milliseconds. A claim that something answers "at once" is a
// claim about its work, which every run pays; a busy machine's pause (another test file, a collection, the
// scheduler) lands on some runs only, so the fastest run is the one that measures the code.
export const fastestMs = (run: (i: number) => unknown, runs = 5): number => {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run(i);
    best = Math.min(best, performance.now() - started);
  }
  return best;
};

// A string as the HTTP parser hands one over: flat. A repeat or a concatenation is a rope, which its first
// read copies whole; that copy is the test's cost, not the code's.
export const flat = (s: string): string => Buffer.from(s, 'utf16le').toString('utf16le');
