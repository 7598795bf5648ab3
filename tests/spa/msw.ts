import { setupServer } from 'msw/node'

/** One MSW server for SPA tests; each test adds the handlers it needs. Unknown requests fail the test. */
export const server = setupServer()
