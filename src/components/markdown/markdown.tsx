import { useMemo } from 'react'
import { Marked } from 'marked'
import DOMPurify from 'dompurify'
import { clsx } from 'clsx'

/** GitHub-flavoured Markdown, no raw HTML passthrough beyond what DOMPurify keeps. */
const marked = new Marked({ gfm: true, breaks: false, async: false })

let hooked = false
/** Links that leave the site open in a new tab and carry no referrer or opener. */
function hookLinks() {
  if (hooked) return
  hooked = true
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return
    const href = node.getAttribute('href') ?? ''
    if (/^https?:\/\//i.test(href) && !href.startsWith(window.location.origin)) {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    }
  })
}

/** Markdown → sanitised HTML: scripts, event handlers, `javascript:` links and iframes never survive. */
export function renderMarkdown(source: string): string {
  hookLinks()
  const html = marked.parse(source) as string
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] })
}

/**
 * Renders lesson, article and answer text written in Markdown (by us in `server/content/`, or by an admin).
 * The HTML is sanitised on every render, so stored content is never trusted.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source])
  return <div className={clsx('prose-content', className)} dangerouslySetInnerHTML={{ __html: html }} />
}
