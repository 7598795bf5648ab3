// Keyway's service worker: browser push only (issue 25). Registered by the SPA when a buyer turns push on.
// A push carries JSON { title, body, path }; a click focuses a tab already on that page or opens it.

self.addEventListener('push', (event) => {
  let message = {}
  try {
    message = event.data ? event.data.json() : {}
  } catch {
    message = { body: event.data ? event.data.text() : '' }
  }
  const path = typeof message.path === 'string' && message.path.startsWith('/') ? message.path : '/'
  event.waitUntil(
    self.registration.showNotification(message.title || 'Keyway', {
      body: message.body || '',
      icon: '/favicon.svg',
      data: { path },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = event.notification.data && event.notification.data.path
  // Only a page of this site: the path is resolved against our own origin.
  const target = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/', self.location.origin)
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const same = windows.find((client) => client.url === target.href)
      if (same) return same.focus()
      const ours = windows.find((client) => new URL(client.url).origin === target.origin)
      if (ours) return ours.navigate(target.href).then((client) => (client ? client.focus() : undefined))
      return self.clients.openWindow(target.href)
    }),
  )
})
