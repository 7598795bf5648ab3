import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import i18n from 'i18next'
import type { User } from '@/contract'
import { fakeIdp, type FakeUser } from './auth-idp'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

const ana: FakeUser = { email: 'ana@example.com', password: 'Secret1!x', sub: 'sub-ana' }

function serveSignedIn(user: User) {
  server.use(
    http.get('/api/auth/me', () => HttpResponse.json(user)),
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  )
}

async function signIn(path: string, labels = { email: 'Email', password: 'Password', submit: 'Sign in' }) {
  const user = userEvent.setup()
  const rendered = renderApp({ path })
  await user.type(await screen.findByLabelText(labels.email), ana.email)
  await user.type(screen.getByLabelText(labels.password), ana.password)
  await user.click(screen.getByRole('button', { name: labels.submit }))
  return rendered
}

describe('the language saved on the account', () => {
  it('is applied at sign-in on a browser that was showing English', async () => {
    fakeIdp({ users: [ana] })
    serveSignedIn(buildUser({ userId: 'sub-ana', email: ana.email, languagePreference: 'es' }))
    await signIn('/auth?next=%2Fterms')

    expect(await screen.findByRole('heading', { level: 1, name: 'Términos del servicio' })).toBeInTheDocument()
    expect(i18n.language).toBe('es')
    expect(document.documentElement.lang).toBe('es')
  })

  it('wins over the language the sign-in page was showing', async () => {
    await i18n.changeLanguage('es')
    fakeIdp({ users: [ana] })
    serveSignedIn(buildUser({ userId: 'sub-ana', email: ana.email, languagePreference: 'en' }))
    await signIn('/auth?next=%2Fterms', {
      email: 'Correo electrónico',
      password: 'Contraseña',
      submit: 'Iniciar sesión',
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument()
  })
})
