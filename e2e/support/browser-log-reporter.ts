import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Prints, after the run's summary, the whole "browser log" each failed test attached (the list reporter
 * cuts text attachments at 300 characters). The end of a CI log is what is kept, so this goes last.
 */
export default class BrowserLogReporter implements Reporter {
  private logs: string[] = []

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus) return
    const log = result.attachments.find((attachment) => attachment.name === 'browser log')?.body
    if (log) this.logs.push(`Browser log of "${test.titlePath().slice(1).join(' › ')}":\n${log.toString()}`)
  }

  onEnd() {
    for (const log of this.logs) console.log(`\n${log}`)
  }

  printsToStdio() {
    return true
  }
}
