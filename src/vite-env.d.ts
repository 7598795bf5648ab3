/// <reference types="vite/client" />

declare const __LOCALES_VERSION__: string

interface ImportMetaEnv {
  readonly VITE_COGNITO_USER_POOL_ID?: string
  readonly VITE_COGNITO_CLIENT_ID?: string
  readonly VITE_COGNITO_ENDPOINT?: string
  readonly VITE_PUSHER_KEY?: string
  readonly VITE_POSTHOG_KEY?: string
  readonly VITE_POSTHOG_HOST?: string
  /** Map tiles, `{z}/{x}/{y}` template; OpenStreetMap's when unset, none with `none`. */
  readonly VITE_MAP_TILE_URL?: string
  readonly VITE_MAP_TILE_ATTRIBUTION?: string
}
