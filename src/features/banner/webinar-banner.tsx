import { useLayoutEffect, useRef, useState, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { useAuth } from '@/auth'
import { WEBINAR_DISMISSED_KEY } from '@/lib/storage-keys'
import { useFeatureFlags } from './use-feature-flags'

/**
 * The banner's height as a CSS variable on the document, for pages that fill the screen below it (the chat:
 * `100dvh - header - var(--banner-height, 0px)`); removed with the banner.
 */
const BANNER_HEIGHT_VAR = '--banner-height'

const dismissedUrl = () => {
  try {
    return sessionStorage.getItem(WEBINAR_DISMISSED_KEY)
  } catch {
    return null
  }
}

/**
 * Under the header for signed-in users when the flag is on; hidden when the flags cannot load (spec §2, §7).
 * Dismissed, it stays away for the browser session (sessionStorage), until another webinar is announced.
 */
export function WebinarBanner() {
  const { status } = useAuth()
  const signedIn = status === 'authenticated'
  const { data } = useFeatureFlags(signedIn)
  const [dismissed, setDismissed] = useState(dismissedUrl)
  const url = signedIn && data?.enableWebinarBanner ? data.webinarRegistrationUrl : null
  const shown = Boolean(url) && dismissed !== url
  const box = useRef<HTMLElement>(null)

  useLayoutEffect(() => {
    const element = box.current
    if (!shown || !element) return
    const root = document.documentElement
    const measure = () => root.style.setProperty(BANNER_HEIGHT_VAR, `${element.offsetHeight}px`)
    measure()
    // Its text wraps differently as the window narrows or widens.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      root.style.removeProperty(BANNER_HEIGHT_VAR)
    }
  }, [shown])

  if (!shown || !url) return null
  const dismiss = () => {
    try {
      sessionStorage.setItem(WEBINAR_DISMISSED_KEY, url)
    } catch {
      // Storage refused (private mode): dismissed for this page only.
    }
    setDismissed(url)
    // The button goes away with the banner: keyboard focus moves on to the page's content.
    document.getElementById('main')?.focus()
  }
  return <WebinarBannerView ref={box} url={url} onDismiss={dismiss} />
}

type WebinarBannerViewProps = {
  url: string
  /** Without it the banner is a preview (admin settings): the same look, a plain region, no dismiss button. */
  onDismiss?: () => void
  ref?: Ref<HTMLElement>
}

/** The banner as members see it, for a given registration link: the header's banner and the settings preview. */
export function WebinarBannerView({ url, onDismiss, ref }: WebinarBannerViewProps) {
  const { t } = useTranslation()
  const content = (
    <div className="mx-auto flex max-w-page items-center">
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="flex min-w-0 flex-1 items-center gap-4 py-3 pl-4 hover:bg-brand-900 sm:pl-6"
      >
        <img src="/webinar-banner.svg" alt="" width={48} height={48} className="size-12 shrink-0" />
        <span className="grid gap-0.5">
          <span className="text-sm font-semibold">{t('webinar.title')}</span>
          <span className="text-sm text-brand-100">{t('webinar.description')}</span>
        </span>
        <span className="ml-auto hidden shrink-0 rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 sm:inline">
          {t('webinar.cta')}
          <span className="sr-only"> {t('webinar.newTab')}</span>
        </span>
      </a>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('webinar.dismiss')}
          className="mx-1 shrink-0 rounded-md p-3 text-xl leading-none text-white hover:bg-brand-900 sm:mr-4"
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : (
        <span aria-hidden="true" className="mx-1 shrink-0 p-3 text-xl leading-none text-white sm:mr-4">
          ×
        </span>
      )}
    </div>
  )
  // A preview is no landmark: the page may show the real banner's too, and two of one name confuse.
  if (!onDismiss) return <div className="bg-brand-800 text-white">{content}</div>
  return (
    <aside ref={ref} aria-label={t('webinar.label')} className="bg-brand-800 text-white">
      {content}
    </aside>
  )
}
