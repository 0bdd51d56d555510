/** Timing helpers: medians of alternating runs, and one printed line per figure. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Runs a and b alternately (so drift hits both), after warm-up, and returns both medians in ms. */
export async function alternate(a: () => Promise<unknown>, b: () => Promise<unknown>, rounds: number, warmup = 3) {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < rounds; i++) {
    ta.push(await time(a));
    tb.push(await time(b));
  }
  return { a: median(ta), b: median(tb) };
}

export function report(name: string, ours: string, baseline: string, ratio: number, goal: string, met: boolean): void {
  console.log(`${name.padEnd(52)} ours ${ours.padStart(12)}   baseline ${baseline.padStart(12)}   ratio ${ratio.toFixed(2).padStart(6)}   goal ${goal} ${met ? '✓' : '✗'}`);
}
