import type { Database } from './db/database.js';
import type { ServerPlugin } from './plugin.js';

/** The keys of Germinate's OverviewStats (`GET stats/overview`); every one is present, 0 until a domain counts it. */
export const OVERVIEW_KEYS = [
  'germplasm', 'markers', 'maps', 'traits', 'climates', 'locations', 'datasets', 'datasetsGenotype', 'datasetsTrials',
  'datasetsAllelefreq', 'datasetsClimate', 'datasetsPedigree', 'experiments', 'groups', 'images', 'fileresources',
  'publications', 'dataStories', 'projects',
] as const;

/** Every overview count, each contributed by the domain that owns it (0 where no domain counts). */
export async function overviewCounts(database: Database, plugins: readonly ServerPlugin[]): Promise<Record<string, number>> {
  const counters = plugins.flatMap((p) => Object.entries(p.overviewCounts ?? {}));
  const stats: Record<string, number> = Object.fromEntries(OVERVIEW_KEYS.map((k) => [k, 0]));
  const values = await Promise.all(counters.map(async ([key, count]) => [key, await count(database)] as const));
  for (const [key, value] of values) stats[key] = (stats[key] ?? 0) + value;
  return stats;
}

/**
 * The pages auto-discovery hides when their data is empty, by the overview count that decides.
 * Values are route (page) names, as in the hiddenPages setting.
 */
const PAGES_WITHOUT_DATA: readonly [string, readonly string[]][] = [
  ['germplasm', ['germplasm', 'germplasm-unifier', 'passport']],
  ['traits', ['traits', 'trait-details', 'export-trials']],
  ['climates', ['climates', 'climate-details', 'export-climates']],
  ['markers', ['markers', 'marker-details', 'maps', 'map-details', 'export-genotypes', 'export-allelefrequency']],
  ['maps', ['maps', 'map-details']],
  ['locations', ['locations', 'geographic-search']],
  ['experiments', ['experiments', 'experiment-details']],
  ['fileresources', ['data-resources']],
  ['images', ['images']],
  ['publications', ['publications', 'publication-details']],
  ['dataStories', ['stories']],
  ['projects', ['projects', 'project-details']],
  ['datasetsGenotype', ['export-genotypes']],
  ['datasetsTrials', ['export-trials']],
  ['datasetsAllelefreq', ['export-allelefrequency']],
  ['datasetsClimate', ['export-climates']],
];

/** The page names to hide for these counts, sorted and without duplicates. */
export function pagesWithoutData(counts: Record<string, number>): string[] {
  const pages = new Set<string>();
  for (const [key, names] of PAGES_WITHOUT_DATA) if ((counts[key] ?? 0) === 0) names.forEach((n) => pages.add(n));
  return [...pages].sort();
}

/** How long a discovery is reused; Germinate's task runs hourly, a minute keeps a new import visible soon. */
const REUSE_MS = 60_000;

/** Auto-discovered hidden pages, counted at most once a minute per process (the counts cost a query each). */
export function hiddenPagesDiscovery(database: Database, plugins: readonly ServerPlugin[], now: () => number): () => Promise<string[]> {
  let cached: { at: number; pages: Promise<string[]> } | null = null;
  return () => {
    const time = now();
    if (!cached || time - cached.at >= REUSE_MS) {
      const pages = overviewCounts(database, plugins).then(pagesWithoutData);
      // A failed count must not stick for a minute.
      pages.catch(() => (cached = null));
      cached = { at: time, pages };
    }
    return cached.pages;
  };
}
