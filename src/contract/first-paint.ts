/*
 * The prerendered first page (`/` and `/auth` signed out, in en and es: vite.config.ts) and the server that
 * serves it (server/http/spa.ts) agree on these.
 */

/** Set on `<html>` when the prerendered markup must not show: the SPA then renders the page itself. */
export const SKIP_PRERENDER_ATTRIBUTE = 'data-skip-prerender'

/** Set on `<html>` once the page (the Suspense boundary holding it) has hydrated or rendered. */
export const PAGE_READY_ATTRIBUTE = 'data-page-ready'

/** Marks a prerendered form submitted before its code arrived: the SPA submits it again once ready. */
export const PENDING_SUBMIT_ATTRIBUTE = 'data-pending-submit'

/**
 * Marks what was used on a member's page before its code arrived: `click` (a button or box pressed: the SPA
 * presses it again once ready) or `change` (a list changed: the SPA is told of the change then).
 */
export const PENDING_INPUT_ATTRIBUTE = 'data-pending-input'

/** On a list changed before the code arrived, the option chosen then (the page may reset the list meanwhile). */
export const PENDING_VALUE_ATTRIBUTE = 'data-pending-value'

/** The cookie the SPA keeps the interface language in (beside local storage), so the server can read it. */
export const LANGUAGE_COOKIE = 'language'

/** A form of the page submitted before its code has arrived is held, and submitted by the SPA once ready. */
const HOLD_EARLY_SUBMIT =
  "document.addEventListener('submit',function(e){if(!document.documentElement.hasAttribute('" +
  PAGE_READY_ATTRIBUTE +
  "')){e.preventDefault();e.target.setAttribute('" +
  PENDING_SUBMIT_ATTRIBUTE +
  "','')}},true);"

/**
 * A list changed before the code has arrived (the language select, the first thing a Spanish speaker on an
 * English phone touches) is marked with the option chosen; the SPA applies it once the page is ready.
 */
const HOLD_EARLY_CHANGE =
  "document.addEventListener('change',function(e){var t=e.target;if(!document.documentElement.hasAttribute('" +
  PAGE_READY_ATTRIBUTE +
  "')){t.setAttribute('" +
  PENDING_INPUT_ATTRIBUTE +
  "','change');if(t.tagName==='SELECT')t.setAttribute('" +
  PENDING_VALUE_ATTRIBUTE +
  "',t.value)}},true);"

/** A script expression: whether this browser holds a session (the Cognito SDK's LastAuthUser key). */
const HOLDS_SESSION =
  'Object.keys(localStorage).some(function(k){return /^CognitoIdentityServiceProvider\\..+\\.LastAuthUser$/.test(k)})'

/**
 * A blocking script in the prerendered page's head, before anything paints: a browser holding a session
 * or a stored language other than the page's must not see the signed-out page in that language, not even
 * for a frame. And a form of the page submitted before its code has arrived is not sent by the browser (a
 * GET with the password in the URL): it is marked, and submitted again by the SPA once the page is ready; a
 * list changed then (the language) is marked and applied by the SPA then.
 * The server allows exactly this script by its hash.
 */
export const FIRST_PAINT_CHECK =
  HOLD_EARLY_SUBMIT +
  HOLD_EARLY_CHANGE +
  "try{var l=localStorage.getItem('language'),d=document.documentElement;" +
  `if(${HOLDS_SESSION}||(l&&l.slice(0,2)!==d.lang))d.setAttribute('` +
  SKIP_PRERENDER_ATTRIBUTE +
  "','')}catch(e){}"

/**
 * The same check for a page the server rendered for a member (`/deals`, from the page-session cookie): a
 * browser that no longer holds a session (signed out while the cookie could not be removed), or whose stored
 * language is not the page's, never shows that page; the SPA then starts as it would without it. Early
 * submits are held as above.
 */
export const MEMBER_PAINT_CHECK =
  HOLD_EARLY_SUBMIT +
  // A server-rendered page's links work before its code; its buttons, boxes and lists would not: a press is
  // held and made again once the page is ready, a list's change is told to the page then.
  "document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('button,input[type=checkbox],input[type=radio]');" +
  "if(b&&!document.documentElement.hasAttribute('" +
  PAGE_READY_ATTRIBUTE +
  "')){e.preventDefault();b.setAttribute('" +
  PENDING_INPUT_ATTRIBUTE +
  "','click')}},true);" +
  HOLD_EARLY_CHANGE +
  "try{var l=localStorage.getItem('language'),d=document.documentElement;" +
  `if(!${HOLDS_SESSION}||(l&&l.slice(0,2)!==d.lang))d.setAttribute('` +
  SKIP_PRERENDER_ATTRIBUTE +
  "','')}catch(e){}"

/**
 * The id of the `<script type="application/json">` in a member's server-rendered page: the user and the
 * query answers the page was rendered with, which the SPA starts from so that it hydrates the same markup.
 */
export const BOOT_STATE_ID = 'boot-state'

/**
 * The member pages the server renders (a member's own view, from the page session), each with its template,
 * which the build writes under `prerendered/<lng>/` with these two marks where the markup and boot state go.
 */
export const MEMBER_PAGE_FILES: Record<string, string> = { '/deals': 'member-deals.html' }
export const MEMBER_MARKUP_MARK = '<!--member-page-->'
export const BOOT_STATE_MARK = '<!--boot-state-->'

/** The cookie the page session lives in (HttpOnly: only the server reads it, and only to render pages). */
export const PAGE_SESSION_COOKIE = 'page_session'

/** What the server-rendering module (the SSR build of src/prerender.tsx) offers the server. */
export type MemberPageRenderer = {
  /**
   * The member's page at `url` (path and query) as `#root`'s markup, or null when the server does not render
   * that page (the SPA then renders it). `load` answers a GET of the API as `user` (its JSON), or rejects.
   * `language` is the visitor's stored choice (the language cookie); without one, the account's.
   */
  renderMemberPage(input: {
    url: string
    user: unknown
    language?: string | undefined
    load: (path: string) => Promise<unknown>
  }): Promise<{ language: string; markup: string; bootState: unknown } | null>
}

/**
 * The prerendered page's script loader, at the end of its body: the app's code (`data-src`, the entry) and
 * what it needs at once (`data-preload`: its imports, the page's chunk, the translations) are asked for only
 * after the HTML's first frame, so on a slow link they never compete with the stylesheet for the first paint.
 * The page's content is already on screen; the SPA then hydrates it. The server allows it by its hash.
 */
export const LOAD_AFTER_FIRST_PAINT =
  '(function(d){var s=d.currentScript.dataset;requestAnimationFrame(function(){setTimeout(function(){' +
  // Six links per task, the entry last: inserted all at once, thirty-odd preloads were a long task on a
  // slow phone.
  "var h=s.preload.split(' ').filter(Boolean),i=0;(function n(){var f=d.createDocumentFragment();" +
  "h.slice(i,i+=6).forEach(function(u){var l=d.createElement('link');" +
  "if(/\\.js$/.test(u)){l.rel='modulepreload'}else{l.rel='preload';l.as='fetch'}" +
  "l.crossOrigin='';l.href=u;f.appendChild(l)});" +
  "if(i>=h.length){var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=s.src;f.appendChild(e)}" +
  'd.head.appendChild(f);if(i<h.length)setTimeout(n)})()})})})(document)'

/** Every inline script a page of ours carries: the server's CSP allows exactly these, by hash. */
export const INLINE_SCRIPTS = [FIRST_PAINT_CHECK, MEMBER_PAINT_CHECK, LOAD_AFTER_FIRST_PAINT] as const
