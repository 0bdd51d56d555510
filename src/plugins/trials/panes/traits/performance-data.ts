import type { Distribution, GermplasmStats } from '../../api-types.js';
import { rounded } from './box-data.js';

/** What the chart reads of an entry of `germplasm/{id}/stats/trait`. */
export type TraitPerformance = Pick<GermplasmStats, 'traitId' | 'traitName' | 'min' | 'q1' | 'median' | 'q3' | 'max' | 'count' | 'avg' | 'germplasmCount'> &
  Partial<Pick<GermplasmStats, 'unitName'>>;

/**
 * A trait of the performance chart. Traits have their own units and scales, so each is drawn on the
 * range of its values (min = 0, max = 1: the `…At` fields); the table and tooltips give the values.
 */
export type PerformanceRow = Omit<Distribution, 'avg'> & {
  trait: string;
  unit: string;
  mean: number;
  own: number;
  minAt: number;
  q1At: number;
  medianAt: number;
  q3At: number;
  maxAt: number;
  meanAt: number;
};

/** Where a value lies in [min, max] as a share; the middle when all values are equal. */
export function positionIn(value: number, min: number, max: number): number {
  if (!(max > min)) return 0.5;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

/** The rows of the numeric traits with values to compare, by trait name as the server orders them. */
export function performanceRows(stats: readonly TraitPerformance[]): PerformanceRow[] {
  const seen = new Map<string, number>();
  return stats
    .filter((s) => s.count > 0 && s.germplasmCount > 0 && [s.min, s.q1, s.median, s.q3, s.max, s.avg].every(Number.isFinite))
    .map((s) => {
      const name = s.traitName || String(s.traitId);
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      const at = (value: number) => rounded(positionIn(value, s.min, s.max));
      return {
        trait: n === 1 ? name : `${name} (${s.traitId})`,
        unit: s.unitName ?? '',
        mean: rounded(s.avg),
        own: s.germplasmCount,
        min: rounded(s.min),
        q1: rounded(s.q1),
        median: rounded(s.median),
        q3: rounded(s.q3),
        max: rounded(s.max),
        count: s.count,
        minAt: 0,
        q1At: at(s.q1),
        medianAt: at(s.median),
        q3At: at(s.q3),
        maxAt: 1,
        meanAt: at(s.avg),
      };
    });
}
