import { find } from 'linkifyjs'

/** Only these link kinds become clickable; anything else (javascript:, data:…) stays text. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i

/**
 * A message as plain text (React escapes it: no HTML from a message is ever rendered), with web addresses
 * and e-mail addresses made clickable (linkifyjs finds them) and opened safely.
 */
export function MessageText({ text }: { text: string }) {
  const parts: React.ReactNode[] = []
  let at = 0
  for (const link of find(text)) {
    if (!link.isLink || !SAFE_HREF.test(link.href)) continue
    if (link.start > at) parts.push(text.slice(at, link.start))
    parts.push(
      <a
        key={link.start}
        href={link.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="break-all underline underline-offset-2"
      >
        {link.value}
      </a>,
    )
    at = link.end
  }
  if (at < text.length) parts.push(text.slice(at))
  return <p className="text-sm break-words whitespace-pre-wrap">{parts}</p>
}
