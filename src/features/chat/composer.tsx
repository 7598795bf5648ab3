import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { isApiError } from '@/api/errors'
import { MESSAGE_MAX_LENGTH } from '@/contract'
import { Button } from '@/components/ui/button'
import { TOUCH_SCREEN_QUERY, useMediaQuery } from '@/components/use-media-query'

/** The counter shows from this many characters left. */
export const COUNTER_FROM_REMAINING = 200

type ComposerProps = {
  /** Sends the trimmed text; rejects when it was not sent (the text then stays). */
  onSend: (text: string) => Promise<unknown>
  /** The label of the text box ("Message" in a thread, "Your message" when starting one). */
  label: string
  disabled?: boolean
  /** Compact (the deal page's dialog) or the thread's bar. */
  rows?: number
}

/**
 * A message box: Enter sends, Shift+Enter makes a new line; empty or whitespace-only text is refused; at
 * most 2,000 characters (trimmed) with a counter near the limit; when sending fails, what was typed stays
 * and the error says why.
 */
export function Composer({ onSend, label, disabled = false, rows = 2 }: ComposerProps) {
  const { t } = useTranslation('chat')
  const id = useId()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const length = text.trim().length
  const remaining = MESSAGE_MAX_LENGTH - length
  const tooLong = remaining < 0
  // "Enter sends, Shift+Enter…" is for a keyboard: a phone's has no Shift+Enter, so it is not said there.
  const keyboardHint = useMediaQuery(TOUCH_SCREEN_QUERY, false) === false

  const send = async () => {
    if (sending || disabled) return
    const message = text.trim()
    if (!message) {
      setError(t('composer.empty'))
      return
    }
    if (message.length > MESSAGE_MAX_LENGTH) {
      setError(t('composer.tooLong', { max: MESSAGE_MAX_LENGTH.toLocaleString('en-US') }))
      return
    }
    setSending(true)
    setError(null)
    try {
      await onSend(message)
      setText('')
    } catch (failure) {
      setError(isApiError(failure) && failure.status < 500 ? failure.message : t('composer.failed'))
    } finally {
      setSending(false)
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    void send()
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void send()
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-1" noValidate>
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={`${id}-text`}
          value={text}
          rows={rows}
          disabled={disabled}
          placeholder={t('composer.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={clsx(keyboardHint && `${id}-hint`, `${id}-error ${id}-counter`)}
          onChange={(event) => {
            setText(event.target.value)
            if (error) setError(null)
          }}
          onKeyDown={onKeyDown}
          className={clsx(
            'min-h-10 w-full resize-y rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500',
            error || tooLong ? 'border-red-600' : 'border-slate-300',
          )}
        />
        <Button type="submit" disabled={disabled || sending}>
          {sending ? t('composer.sending') : t('composer.send')}
        </Button>
      </div>
      <div className="flex justify-between gap-2 text-xs">
        <span id={`${id}-hint`} className="text-slate-600">
          {keyboardHint && t('composer.hint')}
        </span>
        <span
          id={`${id}-counter`}
          aria-live="polite"
          className={clsx(tooLong ? 'font-semibold text-red-700' : 'text-slate-600')}
        >
          {tooLong
            ? t('composer.over', { count: -remaining })
            : remaining <= COUNTER_FROM_REMAINING
              ? t('composer.remaining', { count: remaining })
              : ''}
        </span>
      </div>
      <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {error ?? ''}
      </p>
    </form>
  )
}
