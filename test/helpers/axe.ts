// axe-core run inside the page (its source evaluated there, so the page's CSP does not stand in the
// way): the accessibility violations of what the page shows now.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  // A string, evaluated in the page: this project's TypeScript has no DOM types.
  return page.evaluate(`(async () => {
    // Only violations are read: axe skips collecting the details of every rule that passed.
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  })()`) as Promise<AxeViolation[]>;
}
