/*
 * The prerendered first page (`/` and `/auth` signed out, in en and es: vite.config.ts) and the server that
 * serves it (server/http/spa.ts) agree on these.
 */

/** Set on `<html>` when the prerendered markup must not show: the SPA then renders the page itself. */
export const SKIP_PRERENDER_ATTRIBUTE = 'data-skip-prerender'

/** The cookie the SPA keeps the interface language in (beside local storage), so the server can read it. */
export const LANGUAGE_COOKIE = 'language'

/**
 * A blocking script in the prerendered page's head, before anything paints: a browser holding a session
 * (the Cognito SDK's LastAuthUser key) or a stored language other than the page's must not see the
 * signed-out page in that language, not even for a frame. The server allows exactly this script by its hash.
 */
export const FIRST_PAINT_CHECK =
  "try{var s=localStorage,l=s.getItem('language'),d=document.documentElement;" +
  'if(Object.keys(s).some(function(k){return /^CognitoIdentityServiceProvider\\..+\\.LastAuthUser$/.test(k)})' +
  "||(l&&l.slice(0,2)!==d.lang))d.setAttribute('" +
  SKIP_PRERENDER_ATTRIBUTE +
  "','')}catch(e){}"
