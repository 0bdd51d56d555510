/**
 * The histogram of a selection's allele frequencies as `dataset/export/allelefreq/histogram` answers it: a
 * `position⇥count` header, then per bucket its lower edge and how many frequencies fall in it (the server
 * writes 200 equal buckets over 0..1); the header alone when the selection holds no frequency.
 */

/** One bucket, as the chart draws it and its table lists it (a type, so that it is a chart row). */
export type HistogramBucket = { from: number; to: number; count: number };

export interface FrequencyHistogram {
  buckets: HistogramBucket[];
  /** How many frequencies the selection holds: the sum of the counts. */
  total: number;
}

/** Reads the histogram file; lines that are not two numbers (a blank last line) are skipped. */
export function readHistogram(text: string): FrequencyHistogram {
  const points: { from: number; count: number }[] = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    const [position, count] = line.split('\t').map((cell) => Number(cell.trim()));
    if (line.trim() === '' || !Number.isFinite(position) || !Number.isFinite(count)) continue;
    points.push({ from: position, count });
  }
  points.sort((a, b) => a.from - b.from);
  // A bucket ends where the next begins; the last ends at 1, where the frequencies end.
  const buckets = points.map((point, index) => ({ from: point.from, to: points[index + 1]?.from ?? 1, count: point.count }));
  return { buckets, total: buckets.reduce((sum, bucket) => sum + bucket.count, 0) };
}
