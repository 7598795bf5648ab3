import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { HIGHLIGHT_END, HIGHLIGHT_START, type HelpHome, type HelpSearchResult } from '@/contract'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

const home: HelpHome = {
  categories: [{ id: 'offers', name: 'Making offers', description: 'Offers and fees.', articleCount: 1 }],
  articles: [{ id: 'entry-fee', categoryId: 'offers', title: 'The entry fee', summary: 'What it pays for.' }],
  popular: [{ id: 'entry-fee', categoryId: 'offers', title: 'The entry fee', summary: 'What it pays for.' }],
  questions: [{ id: 'can-i-inspect', question: 'Can I inspect before closing?' }],
}

/** The help API over fixed answers; `searches` records each search's query and language. */
function helpServer() {
  const searches: { q: string; lang: string }[] = []
  server.use(
    http.get('/api/help/articles', () => HttpResponse.json(home)),
    http.get('/api/help-questions', () => HttpResponse.json({ questions: [] })),
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
    http.get('/api/help/search', ({ request }) => {
      const url = new URL(request.url)
      searches.push({ q: url.searchParams.get('q') ?? '', lang: url.searchParams.get('lang') ?? '' })
      const result: HelpSearchResult = {
        fuzzy: false,
        hits: [
          {
            kind: 'article',
            id: 'entry-fee',
            title: 'The entry fee',
            snippet: `The ${HIGHLIGHT_START}entry${HIGHLIGHT_END} ${HIGHLIGHT_START}fee${HIGHLIGHT_END} is <b>cash</b>`,
          },
        ],
      }
      return HttpResponse.json(result)
    }),
  )
  return { searches }
}

describe('/help', () => {
  it('shows a visitor the categories, popular articles, recent questions and a sign-in link to ask', async () => {
    helpServer()
    renderApp({ path: '/help' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeInTheDocument()
    const category = await screen.findByRole('region', { name: 'Making offers' })
    expect(within(category).getByRole('link', { name: 'The entry fee' })).toHaveAttribute(
      'href',
      '/help/article/entry-fee',
    )
    expect(screen.getByRole('link', { name: 'Can I inspect before closing?' })).toHaveAttribute(
      'href',
      '/help/qa/can-i-inspect',
    )
    expect(screen.getByRole('link', { name: 'Sign in to ask a question' })).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Your question' })).not.toBeInTheDocument()
  })

  it('searches as the reader types and marks the matched words, showing the rest as text', async () => {
    const user = userEvent.setup()
    const { searches } = helpServer()
    renderApp({ path: '/help', user: buildUser() })
    await user.type(await screen.findByRole('searchbox', { name: 'Search the help centre' }), 'entry fee')
    const results = await screen.findByRole('list', { name: 'Search results' })
    const marks = results.querySelectorAll('mark')
    expect([...marks].map((mark) => mark.textContent)).toEqual(['entry', 'fee'])
    // The snippet is text: markup in it is shown, never interpreted.
    expect(within(results).getByText(/<b>cash<\/b>/)).toBeInTheDocument()
    expect(within(results).getByRole('link', { name: 'The entry fee' })).toHaveAttribute(
      'href',
      '/help/article/entry-fee',
    )
    // Debounced: one search for the whole phrase, in the page's language.
    expect(searches.at(-1)).toEqual({ q: 'entry fee', lang: 'en' })
    expect(searches.length).toBeLessThan('entry fee'.length)
  })
})
