import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const BLOCKING = new Set(['serious', 'critical']);

/** One line per violation and one per element it names: rule id, impact, target, the first thing to fix. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        // "Fix any of the following:" then one reason a line.
        const why = (node.failureSummary ?? '').split('\n')[1]?.trim() ?? '';
        return `    ${node.target.map(String).join(' >> ')}${why ? `: ${why}` : ''}`;
      });
      return [`  ${violation.id} (${violation.impact}): ${violation.help}`, ...nodes].join('\n');
    })
    .join('\n');
}

/**
 * axe-core on the screen as it is now (dialogs included): fails, listing them, when it finds
 * serious or critical violations. Journeys call it once each screen has rendered its content.
 */
export async function expectAccessible(page: Page, screen = new URL(page.url()).pathname): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  if (blocking.length > 0) {
    throw new Error(
      `${screen}: ${blocking.length} serious or critical accessibility violation(s)\n${describeViolations(blocking)}`,
    );
  }
}
