import { render, screen, within } from '@testing-library/react'
import { initTestI18n, testResources } from '../../../tests/spa/i18n'
import { AccessibilityPage } from './accessibility-page'
import { PrivacyPage } from './privacy-page'
import { TermsPage } from './terms-page'

const pages = [
  { name: 'terms', Page: TermsPage, en: 'Terms of Service', es: 'Términos del servicio', email: 'legal@keyway.app' },
  {
    name: 'privacy',
    Page: PrivacyPage,
    en: 'Privacy Policy',
    es: 'Política de privacidad',
    email: 'privacy@keyway.app',
  },
  {
    name: 'accessibility',
    Page: AccessibilityPage,
    en: 'Accessibility Statement',
    es: 'Declaración de accesibilidad',
    email: 'accessibility@keyway.app',
  },
] as const

describe.each(pages)('$name page', ({ Page, en, es, email }) => {
  it('shows the English title, date, sections and tab title', () => {
    render(<Page />)
    expect(screen.getByRole('heading', { level: 1, name: en })).toBeInTheDocument()
    expect(screen.getByText('Last updated: November 21, 2026')).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(3)
    expect(screen.getByRole('article')).toBeInTheDocument()
    expect(document.title).toBe(`${en} · Keyway`)
  })

  it('shows the Spanish title and date', async () => {
    await initTestI18n('es')
    render(<Page />)
    expect(screen.getByRole('heading', { level: 1, name: es })).toBeInTheDocument()
    expect(screen.getByText('Última actualización: 21 de noviembre de 2026')).toBeInTheDocument()
    expect(document.title).toBe(`${es} · Keyway`)
  })

  it('links to the contact address with mailto', () => {
    render(<Page />)
    const links = screen.getAllByRole('link', { name: email })
    for (const link of links) expect(link).toHaveAttribute('href', `mailto:${email}`)
  })
})

describe('accessibility statement', () => {
  it('names the WCAG 2.2 AA target and the response time', () => {
    render(<AccessibilityPage />)
    const goal = screen.getByRole('region', { name: 'Our goal' })
    expect(within(goal).getByText(/WCAG\) 2\.2 at level AA/)).toBeInTheDocument()
    expect(screen.getByText(/within 5 business days/)).toBeInTheDocument()
  })

  it('names WCAG 2.2 and AA in Spanish too', async () => {
    await initTestI18n('es')
    render(<AccessibilityPage />)
    expect(screen.getByText(/\(WCAG\) 2\.2 en el nivel AA/)).toBeInTheDocument()
    expect(screen.getByText(/5 días hábiles/)).toBeInTheDocument()
  })
})

describe('privacy policy', () => {
  it('says what a seller sees when a buyer expresses interest', () => {
    render(<PrivacyPage />)
    expect(screen.getByText(/the seller of that deal sees your name, phone number and message/)).toBeInTheDocument()
    expect(screen.getByText(/We do not sell personal information/)).toBeInTheDocument()
  })
})

describe('legal translations', () => {
  /** Every key path, with array positions, so both languages have the same structure. */
  function shape(value: unknown, path = ''): string[] {
    if (Array.isArray(value)) return value.flatMap((item, index) => shape(item, `${path}[${index}]`))
    if (typeof value === 'object' && value !== null) {
      return Object.entries(value).flatMap(([key, item]) => shape(item, path ? `${path}.${key}` : key))
    }
    return [path]
  }

  it('has the same keys in English and Spanish', () => {
    const en = shape(testResources.en?.legal)
    expect(en.length).toBeGreaterThan(50)
    expect(shape(testResources.es?.legal)).toEqual(en)
  })
})
