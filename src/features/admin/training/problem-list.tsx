import { useTranslation } from 'react-i18next'

/** `quiz.0.es.options.1.why` → "Spanish · Question 1 · Option 2 · Why". */
function placeOf(t: (key: string, values?: Record<string, unknown>) => string, path: string): string {
  const parts = path.split('.')
  const words: string[] = []
  for (let at = 0; at < parts.length; at += 1) {
    const part = parts[at]!
    const next = parts[at + 1]
    if (part === 'en' || part === 'es') words.unshift(t(`training.editor.lang.${part}`))
    else if (part === 'quiz' && next !== undefined && /^\d+$/.test(next)) {
      words.push(t('training.editor.question', { number: Number(next) + 1 }))
      at += 1
    } else if (part === 'quiz') words.push(t('training.editor.quiz'))
    else if (part === 'options' && next !== undefined && /^\d+$/.test(next)) {
      words.push(t('training.editor.optionShort', { number: Number(next) + 1 }))
      at += 1
    } else words.push(t(`training.editor.fieldNames.${part}`, { defaultValue: part }))
  }
  return words.join(' · ')
}

/** The server's field messages as a list the admin can read: where, and what is wrong. */
export function ProblemList({ fields }: { fields: Record<string, string> }) {
  const { t } = useTranslation('admin')
  const entries = Object.entries(fields)
  if (entries.length === 0) return null
  return (
    <ul className="mt-2 list-disc pl-5">
      {entries.map(([path, message]) => (
        <li key={path}>
          {placeOf(t, path)}: {message}
        </li>
      ))}
    </ul>
  )
}
