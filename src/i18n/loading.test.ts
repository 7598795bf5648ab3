import { http, HttpResponse } from 'msw'
import { LANGUAGE_COOKIE } from '@/contract'
// The SPA project's MSW server (tests/spa/setup.ts starts and resets it).
import { server } from '../../tests/spa/msw'
import { LANGUAGE_STORAGE_KEY } from './config'
import { languageDetector, localesBackend } from './loading'

afterEach(() => {
  localStorage.clear()
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`
})

describe('languageDetector', () => {
  it('takes the stored choice first, then what the browser asks for', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX', 'en-US'])
    expect(languageDetector.detect()).toEqual(['es-MX', 'en-US'])
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en')
    expect(languageDetector.detect()).toEqual(['en'])
  })

  it('keeps the choice in local storage and in the cookie the server prerenders by', () => {
    languageDetector.cacheUserLanguage!('es')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es')
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=es`)
  })
})

describe('localesBackend', () => {
  const read = (language: string, namespace: string) =>
    new Promise<[unknown, unknown]>((resolve) =>
      localesBackend.read(language, namespace, (error, data) => resolve([error, data])),
    )

  it('loads /locales/<lng>/<ns>.json', async () => {
    server.use(http.get('/locales/es/common.json', () => HttpResponse.json({ hello: 'Hola' })))
    expect(await read('es', 'common')).toEqual([null, { hello: 'Hola' }])
  })

  it('asks i18next to try again after a server or network failure, not after a missing file', async () => {
    server.use(
      http.get('/locales/es/common.json', () => new HttpResponse(null, { status: 503 })),
      http.get('/locales/es/chat.json', () => HttpResponse.error()),
      http.get('/locales/es/nothing.json', () => new HttpResponse(null, { status: 404 })),
    )
    const [serverError, retry] = await read('es', 'common')
    expect(serverError).toBeTruthy()
    expect(retry).toBe(true)
    const [networkError, retryNetwork] = await read('es', 'chat')
    expect(networkError).toBeTruthy()
    expect(retryNetwork).toBe(true)
    const [missing, retryMissing] = await read('es', 'nothing')
    expect(missing).toBeTruthy()
    expect(retryMissing).toBe(false)
  })
})
