import axe from 'axe-core'
import type { Page } from '@playwright/test'

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface Window {
    axe?: typeof axe
  }
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/**
 * axe-core's violations on the page as it is now, one readable line per rule with the elements it names.
 * axe runs in the page itself, injected once per document: the official Playwright wrapper opens a second
 * page for every check to merge results across frames (our pages have none), which cost four times the
 * check itself (3.4 s against 0.8 s on /deals/mine here). Only violations are gathered.
 */
export async function axeViolations(page: Page, where = page.url()): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axe.source)
  const violations = await page.evaluate(async (tags) => {
    // A colour still in transition (a button just enabled, 150 ms) is not the page's colour: let finite ones end.
    const finite = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
    const results = await window.axe!.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }))
  }, WCAG_TAGS)
  return violations.map((v) => `${where}: ${v.id} (${v.impact}): ${v.help}\n    ${v.targets.join('\n    ')}`)
}
