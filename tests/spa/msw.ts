import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

/**
 * App-wide calls every signed-in page makes (the bell's notifications, the realtime configuration), answered
 * quietly by default: the bell empty, realtime off, the page session taken and dropped. Tests about them override these with `server.use`.
 */
const appWideHandlers = [
  http.get('/api/config/realtime', () => HttpResponse.json({ mode: 'off' })),
  http.get('/api/chat/notifications', () => HttpResponse.json({ notifications: [], unreadCount: 0 })),
  // The page-session cookie the session shares with the server at sign-in and removes at sign-out.
  http.post('/api/auth/page-session', () =>
    HttpResponse.json({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  ),
  http.delete('/api/auth/page-session', () => HttpResponse.json({ closed: true })),
  // Matching beside a listing and on the dashboard (issue 25): off unless a test says otherwise.
  http.get('/api/deals/:id/match', () => HttpResponse.json({ matching: 'off', match: null })),
  http.get('/api/deals/:id/match-bands', () =>
    HttpResponse.json({
      bands: [
        { min: 80, max: 100, count: 0 },
        { min: 60, max: 79, count: 0 },
        { min: 40, max: 59, count: 0 },
      ],
      scoredBuyers: 0,
    }),
  ),
  http.get('/api/dashboard/best-matches', () => HttpResponse.json({ matching: 'off', days: 14, items: [] })),
]

/** One MSW server for SPA tests; each test adds the handlers it needs. Unknown requests fail the test. */
export const server = setupServer(...appWideHandlers)
