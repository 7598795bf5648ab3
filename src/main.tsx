import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { SKIP_PRERENDER_ATTRIBUTE } from '@/contract'
import { initI18n, isSupportedLanguage } from '@/i18n'
import { App } from '@/app/app'
import { readBoot } from '@/app/boot-state'
import { preloadIdentity } from '@/auth'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// `/` and `/auth` come prerendered (signed out, in the page's language: vite.config.ts), and a member's
// `/deals` rendered by the server for them, with the boot state it was rendered from. The page's head marks
// the markup unusable when this browser's session or stored language says otherwise; else the SPA takes the
// markup over as it is, in its language, so nothing on screen changes.
const html = document.documentElement
const prerendered = root.hasChildNodes() && !html.hasAttribute(SKIP_PRERENDER_ATTRIBUTE)
initI18n(prerendered && isSupportedLanguage(html.lang) ? html.lang : undefined)

preloadIdentity()

const app = (
  <StrictMode>
    {/* A member's page the server rendered carries the state it was rendered from. */}
    <App boot={prerendered ? readBoot() : null} />
  </StrictMode>
)
if (prerendered) {
  hydrateRoot(root, app)
} else {
  root.replaceChildren()
  html.removeAttribute(SKIP_PRERENDER_ATTRIBUTE)
  createRoot(root).render(app)
}
