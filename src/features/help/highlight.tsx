import { HIGHLIGHT_END, HIGHLIGHT_START } from '@/contract'

/**
 * A search snippet as text with its matched words in <mark>: the server wraps them in the contract's
 * markers, and nothing of the snippet is ever read as HTML.
 */
export function Highlighted({ text }: { text: string }) {
  const parts: { text: string; marked: boolean }[] = []
  let rest = text
  while (rest) {
    const start = rest.indexOf(HIGHLIGHT_START)
    if (start < 0) {
      parts.push({ text: rest, marked: false })
      break
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), marked: false })
    const end = rest.indexOf(HIGHLIGHT_END, start)
    const stop = end < 0 ? rest.length : end
    parts.push({ text: rest.slice(start + 1, stop), marked: true })
    rest = rest.slice(stop + 1)
  }
  return (
    <>
      {parts.map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  )
}
