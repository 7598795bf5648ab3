import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** The documents in locales/<lng>/legal.json, each stored under its own top-level key. */
export type LegalDocumentKey = 'terms' | 'privacy' | 'accessibility'

type ListItem = string | { term: string; text: string }

type LegalSection = {
  id: string
  heading: string
  paragraphs: string[]
  items: ListItem[]
  closing: string[]
  contact: { label: string; email: string } | null
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const toStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

function toListItems(value: unknown): ListItem[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item): ListItem[] => {
    if (typeof item === 'string') return [item]
    if (isRecord(item) && typeof item.term === 'string' && typeof item.text === 'string') {
      return [{ term: item.term, text: item.text }]
    }
    return []
  })
}

/** Reads the sections array defensively: a missing or malformed translation renders nothing, never crashes. */
function toSections(value: unknown): LegalSection[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((raw): LegalSection[] => {
    if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.heading !== 'string') return []
    const { contact } = raw
    return [
      {
        id: raw.id,
        heading: raw.heading,
        paragraphs: toStrings(raw.paragraphs),
        items: toListItems(raw.items),
        closing: toStrings(raw.closing),
        contact:
          isRecord(contact) && typeof contact.label === 'string' && typeof contact.email === 'string'
            ? { label: contact.label, email: contact.email }
            : null,
      },
    ]
  })
}

function Paragraphs({ texts }: { texts: string[] }) {
  return texts.map((text, index) => (
    <p key={index} className="mt-4 leading-7">
      {text}
    </p>
  ))
}

/**
 * Renders one legal document (title, "last updated" line, intro and numbered sections) from the `legal`
 * namespace and sets the browser tab title. The app shell provides the surrounding <main>.
 */
export function LegalDocument({ doc }: { doc: LegalDocumentKey }) {
  const { t } = useTranslation('legal')
  const title = t(`${doc}.title`)
  const intro = toStrings(t(`${doc}.intro`, { returnObjects: true }))
  const sections = toSections(t(`${doc}.sections`, { returnObjects: true }))
  const documentTitle = t('documentTitle', { title })
  const titleId = `${doc}-title`

  useEffect(() => {
    const previous = document.title
    document.title = documentTitle
    return () => {
      document.title = previous
    }
  }, [documentTitle])

  return (
    <article aria-labelledby={titleId} className="mx-auto max-w-3xl px-4 py-10 text-base break-words text-slate-800">
      <header className="border-b border-slate-200 pb-6">
        <h1 id={titleId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {title}
        </h1>
        <p className="mt-3 text-sm text-slate-600">{t(`${doc}.lastUpdated`)}</p>
      </header>

      {intro.length > 0 && (
        <div className="mt-2">
          <Paragraphs texts={intro} />
        </div>
      )}

      {sections.map((section) => {
        const headingId = `${doc}-${section.id}`
        return (
          <section key={section.id} aria-labelledby={headingId} className="mt-10">
            <h2 id={headingId} className="scroll-mt-20 text-xl font-bold text-slate-900 sm:text-2xl">
              {section.heading}
            </h2>
            <Paragraphs texts={section.paragraphs} />
            {section.items.length > 0 && (
              <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 marker:text-slate-400">
                {section.items.map((item, index) => (
                  <li key={index}>
                    {typeof item === 'string' ? (
                      item
                    ) : (
                      <>
                        <strong className="font-semibold text-slate-900">{item.term}</strong> {item.text}
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <Paragraphs texts={section.closing} />
            {section.contact && (
              <p className="mt-4 leading-7">
                {section.contact.label}{' '}
                <a
                  href={`mailto:${section.contact.email}`}
                  className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
                >
                  {section.contact.email}
                </a>
              </p>
            )}
          </section>
        )
      })}
    </article>
  )
}
