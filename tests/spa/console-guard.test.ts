import { http, HttpResponse } from 'msw'
import { checkTestOutput, expectConsoleError } from './console-guard'
import { server } from './msw'

describe('the SPA test guard', () => {
  it('fails a test on a console error or warning it did not announce', () => {
    console.error('Warning: An update to %s inside a test was not wrapped in act(...)', 'Header')
    console.warn('something odd')
    expect(() => checkTestOutput()).toThrow(
      /console\.error: Warning: An update to Header[\s\S]*console\.warn: something odd/,
    )
  })

  it('lets an announced console error through, and fails when it never comes', () => {
    expectConsoleError(/Sign-out failed/)
    console.error('Sign-out failed; wiping local storage', new Error('boom'))
    expect(() => checkTestOutput()).not.toThrow()
    expectConsoleError(/never said/)
    expect(() => checkTestOutput()).toThrow(/expected console error never came: \/never said\//)
  })

  it('fails a test on a request no MSW handler answers', async () => {
    server.use(http.get('/api/known', () => HttpResponse.json({ ok: true })))
    await expect(fetch('/api/known').then((response) => response.json())).resolves.toEqual({ ok: true })
    await expect(fetch('/api/config/unknown')).rejects.toThrow()
    expect(() => checkTestOutput()).toThrow(
      /request without an MSW handler: GET http:\/\/localhost(:\d+)?\/api\/config\/unknown/,
    )
  })
})
