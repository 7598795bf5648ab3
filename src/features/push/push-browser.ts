import { call } from '@/api/call'
import { endpoints } from '@/contract'

/** How turning browser push on ended: on, refused by the person (or blocked), or not possible in this browser. */
export type PushOutcome = 'on' | 'denied' | 'unsupported'

const WORKER_PATH = '/sw.js'

/** Whether this browser can receive Web Push at all (service workers, the Push API and notifications). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

/** The base64url VAPID key as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64Url.length / 4) * 4, '=')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index)
  return bytes
}

/**
 * Asks the browser's permission, registers the service worker (only now: nobody who keeps push off gets
 * one), subscribes with the server's public key and saves the subscription. Network and API errors throw.
 */
export async function turnPushOn(): Promise<PushOutcome> {
  if (!isPushSupported()) return 'unsupported'
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return 'denied'
  await navigator.serviceWorker.register(WORKER_PATH)
  const registration = await navigator.serviceWorker.ready
  const { publicKey } = await call(endpoints.getPushKey)
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }))
  const { endpoint, keys } = subscription.toJSON()
  if (!endpoint || !keys?.p256dh || !keys.auth) return 'unsupported'
  await call(endpoints.savePushSubscription, { body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } })
  return 'on'
}

/** Unsubscribes this browser and forgets its subscription on the server (nothing to do when there is none). */
export async function turnPushOff(): Promise<void> {
  if (!isPushSupported()) return
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager.getSubscription()
  if (!subscription) return
  const { endpoint } = subscription
  await subscription.unsubscribe()
  await call(endpoints.deletePushSubscription, { query: { endpoint } }).catch(() => undefined)
}
