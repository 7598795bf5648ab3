/*
 * SPA tests fail on console errors and warnings they did not announce (React's act() warnings, failed
 * prop types, libraries complaining) and on requests no MSW handler answered. A test that means to cause
 * a console error says so with `expectConsoleError(/pattern/)`.
 */

let unexpected: string[] = []
let expected: RegExp[] = []
let unhandled: string[] = []

const show = (value: unknown) =>
  value instanceof Error ? `${value.name}: ${value.message}` : typeof value === 'string' ? value : String(value)

/** console-style formatting: `%s`-like placeholders in the first argument, the rest appended. */
function format(args: unknown[]): string {
  const [first, ...rest] = args
  if (typeof first !== 'string') return args.map(show).join(' ')
  let used = 0
  const text = first.replace(/%[sdifoOc]/g, () => (used < rest.length ? show(rest[used++]) : ''))
  return [text, ...rest.slice(used).map(show)].join(' ')
}

/** The next console.error or console.warn matching `pattern` in this test is expected, not a failure. */
export function expectConsoleError(pattern: RegExp) {
  expected.push(pattern)
}

/** Records one console call: expected ones are let through silently, the rest are kept for the check. */
export function recordConsole(level: 'error' | 'warn', args: unknown[]) {
  const text = format(args)
  const index = expected.findIndex((pattern) => pattern.test(text))
  if (index >= 0) {
    expected.splice(index, 1)
    return
  }
  unexpected.push(`console.${level}: ${text}`)
}

/** MSW's onUnhandledRequest: kept for the check; the request itself fails as with MSW's 'error' strategy. */
export function recordUnhandledRequest(request: Request, print: { error: () => void }) {
  unhandled.push(`${request.method} ${request.url}`)
  print.error()
}

/** Throws (failing the test) on unexpected console output or unhandled requests; resets for the next test. */
export function checkTestOutput() {
  const problems = [
    ...unexpected,
    ...unhandled.map((request) => `request without an MSW handler: ${request}`),
    ...expected.map((pattern) => `expected console error never came: ${pattern}`),
  ]
  unexpected = []
  unhandled = []
  expected = []
  if (problems.length) throw new Error(`Unexpected test output:\n${problems.join('\n')}`)
}
