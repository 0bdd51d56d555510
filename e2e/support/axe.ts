import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';

declare global {
  interface Window {
    axe?: { run(context: Document | string, options: RunOptions): Promise<AxeResults> };
  }
}

const require = createRequire(import.meta.url);
let axeSource: string | null = null;

export interface AxeOptions {
  /** Only these impacts count (default serious and critical). */
  impact?: ImpactValue[];
  /** CSS selector to check instead of the whole document. */
  include?: string;
  /** Rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
}

/** Runs axe-core in the page and returns the violations of the chosen impacts. */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<Result[]> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated rather than injected with addScriptTag: the server's CSP (script-src 'self') rightly
  // refuses inline scripts, and relaxing it in tests (bypassCSP) would hide real CSP breakage.
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  // Colour contrast is judged on what is painted: a tooltip or toast halfway through a fade would be
  // judged at its passing opacity. Wait until every finite transition and animation has ended.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
    null,
    { timeout: 10_000 },
  );
  const impacts = options.impact ?? ['serious', 'critical'];
  const rules = Object.fromEntries((options.disableRules ?? []).map((id) => [id, { enabled: false }]));
  const results = await page.evaluate(
    ([include, runRules]) => window.axe!.run(include ?? document, { rules: runRules, resultTypes: ['violations'] }),
    [options.include ?? null, rules] as const,
  );
  return results.violations.filter((violation) => impacts.includes(violation.impact ?? null));
}

/** One line per violation and node, for assertion messages. */
export function formatViolations(violations: Result[]): string {
  return violations
    .flatMap((v) => v.nodes.map((node) => `${v.impact} ${v.id}: ${v.help} at ${node.target.join(' ')}`))
    .join('\n');
}
