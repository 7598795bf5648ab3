import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { MapDemoAnswer } from '@/contract'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

/** Leaflet is a lazy chunk; its first transform in a test run can take a few seconds. */
const LAZY_CHUNK = { timeout: 10_000 }

const answer = (overrides: Partial<MapDemoAnswer> = {}): MapDemoAnswer => ({
  clusters: [{ lat: 40.7, lng: -74, count: 1250 }],
  points: [{ id: 7, lat: 44.9778, lng: -93.265 }],
  total: 1251,
  answerMs: 0.42,
  buildMs: 812.4,
  ...overrides,
})

function demoServer(reply: (points: string) => Response = () => HttpResponse.json(answer())) {
  const requests: URLSearchParams[] = []
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
    http.get('/api/map-demo/clusters', ({ request }) => {
      const query = new URL(request.url).searchParams
      requests.push(query)
      return reply(query.get('points') ?? '')
    }),
  )
  return requests
}

const admin = () => buildUser({ roles: ['admin'] })

describe('/map-optimization-demo', () => {
  it(
    'clusters the chosen data set for the viewport and shows the server and draw times',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup()
      const requests = demoServer((points) =>
        HttpResponse.json(answer(points === '10000' ? {} : { buildMs: null, answerMs: 12.5 })),
      )
      const { router } = renderApp({ path: '/map-optimization-demo', user: admin() })

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Map optimisation demo' }, LAZY_CHUNK),
      ).toBeInTheDocument()
      expect(screen.getByRole('radio', { name: '10,000 points' })).toBeChecked()
      expect(
        await screen.findByRole('button', { name: 'Cluster of 1,250 points, zoom in' }, LAZY_CHUNK),
      ).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Point 7 at 44.9778, -93.2650' })).toBeInTheDocument()
      const query = requests.at(-1)
      expect(query?.get('points')).toBe('10000')
      expect(query?.get('zoom')).toBe('4')
      expect(query?.get('bbox')).toMatch(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/)

      const timings = within(screen.getByRole('region', { name: 'Timings' }))
      const figure = (term: string) => timings.getByText(term).nextElementSibling
      expect(figure('Server answer time')).toHaveTextContent('0.42 ms')
      expect(figure('Index build time')).toHaveTextContent('812 ms')
      await waitFor(() => expect(figure('Draw time')).toHaveTextContent(/^\d+(\.\d+)? ms$/))
      expect(figure('On the map')).toHaveTextContent('1 clusters and 1 single points, for 1,251 points, at zoom 4')

      await user.click(screen.getByRole('radio', { name: '1,000,000 points' }))
      await waitFor(() => expect(requests.at(-1)?.get('points')).toBe('1000000'))
      expect(new URLSearchParams(router.state.location.search).get('points')).toBe('1000000')
      await waitFor(() => expect(figure('Server answer time')).toHaveTextContent('12.5 ms'))
    },
  )

  it('says when the points cannot be loaded', { timeout: 30_000 }, async () => {
    demoServer(() => HttpResponse.json({ message: 'Something went wrong', code: 'internal' }, { status: 500 }))
    renderApp({ path: '/map-optimization-demo?points=100000', user: admin() })

    expect(await screen.findByRole('alert', {}, LAZY_CHUNK)).toHaveTextContent(
      "We couldn't load the demo points. Move the map to try again.",
    )
    expect(screen.getByRole('radio', { name: '100,000 points' })).toBeChecked()
  })

  it('is not for other members', { timeout: 30_000 }, async () => {
    const requests = demoServer()
    renderApp({ path: '/map-optimization-demo', user: buildUser({ roles: ['buyer', 'originator'] }) })

    await waitFor(() => expect(screen.queryByRole('heading', { level: 1 })).toBeInTheDocument(), LAZY_CHUNK)
    expect(screen.queryByRole('heading', { name: 'Map optimisation demo' })).not.toBeInTheDocument()
    expect(requests).toEqual([])
  })
})

describe('the data set choices in Spanish', () => {
  it('say "puntos" for a million too (Spanish has a plural form of its own for millions)', async () => {
    const i18n = await initTestI18n('es')
    const label = (count: number) => i18n.t('admin:mapDemo.points', { count, formatted: count.toLocaleString('en-US') })
    expect([10_000, 100_000, 1_000_000].map(label)).toEqual(['10,000 puntos', '100,000 puntos', '1,000,000 puntos'])
  })
})
