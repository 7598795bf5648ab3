import { useId, useState } from 'react'
import { clsx } from 'clsx'

/**
 * The text of a box that mirrors one URL value. The URL changes a render after the box sends a value; what
 * is typed in the meantime stays. Any other change of the URL (back button, "Clear filters", a value the
 * page normalised) replaces the text, and `onReplaced` runs. Call `sent(value)` when sending a value.
 */
export function useUrlText(value: string, onReplaced?: () => void) {
  const [text, setText] = useState(value)
  const [seen, setSeen] = useState(value)
  const [pending, setPending] = useState<string | null>(null)
  if (seen !== value) {
    setSeen(value)
    setPending(null)
    if (value !== pending) {
      setText(value)
      onReplaced?.()
    }
  }
  return [text, setText, setPending] as const
}

type CommitInputProps = {
  label: string
  value: string
  /** Returns an error message for what was typed, or null when it may go into the URL. */
  validate?: (text: string) => string | null
  onCommit: (text: string) => void
  inputMode?: 'text' | 'numeric'
  placeholder?: string
  className?: string
}

/**
 * A text filter that changes the URL when the user is done (Enter or leaving the box), not on every key,
 * so typing a city does not fire a search per letter. What was typed stays in the box when it is refused.
 */
export function CommitInput({ label, value, validate, onCommit, inputMode, placeholder, className }: CommitInputProps) {
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  const [text, setText, sent] = useUrlText(value, () => setError(null))

  const commit = () => {
    const trimmed = text.trim()
    const problem = trimmed && validate ? validate(trimmed) : null
    setError(problem)
    if (problem || trimmed === value) return
    sent(trimmed)
    onCommit(trimmed)
  }

  return (
    <div className={clsx('grid gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            commit()
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={clsx(
          'h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900',
          error ? 'border-red-600' : 'border-slate-300',
        )}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

/** "$250,000", "250k" and "250000" all read as 250000; anything else is not a number. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '').toLowerCase()
  const match = /^(\d+(?:\.\d+)?)(k|m)?$/.exec(cleaned)
  if (!match) return null
  const factor = match[2] === 'k' ? 1_000 : match[2] === 'm' ? 1_000_000 : 1
  return Math.round(Number(match[1]) * factor)
}
