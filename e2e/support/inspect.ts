// Every page the suite visits is checked the same way: axe finds no serious or
// critical violation, in light and in dark (every rule in light; in dark, the
// rules about colour, since the dark scheme changes colours and nothing else).
// `npm run screenshots` (the suite with PETSTORE_SCREENSHOTS=1) also keeps
// screenshots of each, in light and dark, at desktop and phone width
// (e2e/artifacts/<name>-<scheme>-<device>.png): they are for people to look at,
// and four full-page pictures per page added about a fifth to the specs that
// check pages, so the test loop leaves them out.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import path from 'node:path';

export const ARTIFACTS = path.join(import.meta.dirname, '..', 'artifacts');
export const TAKE_SCREENSHOTS = process.env.PETSTORE_SCREENSHOTS === '1';
const DEVICES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const SCHEMES = ['light', 'dark'] as const;
// The dashboard's dark styles (Tailwind's dark: variants, Scalar's dark theme) change
// colours only: the other rules would repeat light's findings, and took 60% of axe's time.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// Colour transitions and pulses would be caught half-way by axe and the camera.
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';

export async function inspectPage(page: Page, name: string, options: { exclude?: string[] } = {}): Promise<void> {
  await page.addStyleTag({ content: STILL });
  const viewport = page.viewportSize();
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `${name} (${colorScheme})`, options.exclude ?? [], colorScheme === 'dark' ? COLOUR_RULES : undefined);
    if (!TAKE_SCREENSHOTS) continue;
    for (const [device, size] of Object.entries(DEVICES)) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
      await page.screenshot({
        path: path.join(ARTIFACTS, `${name}-${colorScheme}-${device}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (TAKE_SCREENSHOTS && viewport) await page.setViewportSize(viewport);
}

async function expectNoSeriousViolations(page: Page, label: string, exclude: string[], rules: string[] | undefined): Promise<void> {
  // Only violations are read: axe need not collect the passes and the rules that did not apply.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (rules) builder = builder.withRules(rules);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(serious, `axe on ${label}`).toEqual([]);
}
