import { randomUUID } from 'node:crypto'
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config'
import { trackCommits } from './db/after-commit'
import type { Database } from './db/client'
import { registerBus, type NotificationSource } from './db/bus-plugin'
import { trustProxyOption } from './http/client-address'
import { handleError, sendNotFound, validatorCompiler } from './http/errors'
import { serializerCompiler } from './http/serialize'
import { decorateRequestLanguage, loadServerI18n } from './http/i18n'
import { databaseRateLimitStore } from './http/rate-limit-store'
import { buildHelmetOptions } from './http/security'
import { serializeError, serializeRequest } from './http/log-errors'
import { guardUnstorableText } from './http/text-guard'
import { registerDrain } from './http/drain'
import { registerIdentity } from './identity/plugin'
import { registerMail } from './modules/mail/plugin'
import { registerJobs } from './jobs/plugin'
import { registerSms, type SmsOptions } from './modules/sms/plugin'
import { registerPush } from './modules/push/plugin'
import { definePgliteMaintenance } from './db/maintenance'
import { isPageRequest, registerSpa } from './http/spa'
import { registerFiles } from './files'
import { registerRealtime, type Realtime } from './realtime'
import { accessRoutes } from './modules/access/routes'
import { rateLimitOptions } from './modules/access/rate-limit'
import { adminRoutes } from './modules/admin/routes'
import { auditRoutes } from './modules/audit/routes'
import { sellerRequestRoutes } from './modules/seller-requests/routes'
import { betaAccessRoutes } from './modules/beta-access/routes'
import { dealRoutes } from './modules/deals/routes'
import { registerAlerts } from './modules/alerts/plugin'
import { browseRoutes } from './modules/deals/browse-routes'
import { chatRoutes } from './modules/chat/routes'
import { invitationRoutes } from './modules/invitations/routes'
import { notificationRoutes } from './modules/notifications/routes'
import { offerRoutes } from './modules/offers/routes'
import { dashboardRoutes } from './modules/dashboard/routes'
import { feedbackRoutes } from './modules/feedback/routes'
import { profileRoutes } from './modules/profile/routes'
import { pushNotices } from './modules/notifications/realtime'
import { realtimeRoutes } from './modules/realtime/routes'
import { settingsRoutes } from './modules/settings/routes'
import { decorateUserGuards } from './modules/users/hooks'
import { userRoutes } from './modules/users/routes'
import { systemRoutes } from './modules/system/routes'
import { realtimeSecret } from './modules/system/realtime-secret'
import { registerWebhooks, type WebhookOptions } from './modules/webhooks/service'
import { webhookRoutes } from './modules/webhooks/routes'
import { roadmapRoutes } from './modules/roadmap/routes'
import { trainingAdminRoutes } from './modules/training-admin/routes'
import { trainingRoutes } from './modules/training/routes'
import { helpRoutes } from './modules/help/routes'
import { savedSearchRoutes } from './modules/saved-searches/routes'
import { freshnessRoutes } from './modules/freshness/routes'
import { mapDemoRoutes } from './modules/map-demo/routes'
import { dealAnalyticsRoutes } from './modules/deal-analytics/routes'
import { buyerMapRoutes } from './modules/buyer-maps/routes'
import { ownersClubRoutes } from './modules/owners-club/routes'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    config: Config
    db: Database
    /** The clock every time-dependent rule reads (expiry, lockouts); tests pass a fake one. */
    now: () => Date
  }
}

export type BuildAppOptions = {
  config: Config
  db: Database
  /**
   * Overrides for Fastify's pino logger, merged over the defaults built from config
   * (e.g. `{ stream }` to capture lines in a test, or `{ level: 'silent' }`).
   */
  logger?: LoggerOverrides
  /** Replaces the system clock (`app.now()`), so tests can move time instead of sleeping. */
  now?: () => Date
  /**
   * Where this instance hears the others on the same database (main.ts: the connection, whose LISTEN the
   * bus holds); left out, `app.bus` reaches this process only (one instance, most tests).
   */
  notifications?: NotificationSource
  /** Told of every route as it is registered (the bad-input run covers each one without a list of its own). */
  onRoute?: (route: RouteOptions) => void
  /** Replaces the realtime service chosen by config (e.g. a recorder of pushes in a test). */
  realtime?: Realtime
  /** Text message overrides (tests: the Twilio SDK's HTTP client pointed at a local server). */
  sms?: SmsOptions
  /** Offer webhook overrides (tests: a resolver that answers what the test says). */
  webhooks?: WebhookOptions
  /**
   * Whether the limits of writes that mail or notify (server/http/write-limits.ts) apply; default: unless
   * WRITE_LIMITS_OFF (the e2e server). A benchmark that sends hundreds of messages on purpose turns them off.
   */
  writeLimits?: boolean
  /** The embedded database's consistent copy (DbConnection.backup), served to `npm run backup`; none on PostgreSQL. */
  backup?: () => Promise<Blob>
}

type LoggerOverrides = { level?: string; stream?: { write(line: string): void } }

export type App = FastifyInstance

// Accept a caller's id only if it is short and plain, so it cannot forge log lines.
const REQUEST_ID = /^[\w.:-]{1,128}$/

export async function buildApp({
  backup,
  config,
  db,
  logger,
  notifications,
  now,
  onRoute,
  realtime,
  sms,
  webhooks,
  writeLimits = !config.WRITE_LIMITS_OFF,
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config, logger),
    // Health probes arrive every few seconds; their failures are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: (request) => request.url === '/api/health' }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    },
    // JSON bodies past 1 MiB are refused with 413; uploads (later) take the multipart path.
    bodyLimit: 1_048_576,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>()

  if (onRoute) app.addHook('onRoute', onRoute)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', config)
  // Work queued by a write for after its commit (realtime pushes of notices) runs then, or never on a rollback.
  app.decorate(
    'db',
    trackCommits(db, (error) => app.log.error({ err: error }, 'work after a commit failed')),
  )
  app.decorate('now', now ?? (() => new Date()))
  app.decorate('writeLimits', writeLimits)
  decorateRequestLanguage(app, await loadServerI18n())
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  app.setErrorHandler(handleError)
  // Graceful shutdown's first step (server/main.ts): answers close their connections, health answers 503.
  registerDrain(app)
  // Before any route: the check covers every route and the identity provider alike.
  guardUnstorableText(app)

  await app.register(fastifyHelmet, buildHelmetOptions(config))
  await app.register(fastifyCompress)
  // Cookies: the SPA's language and the page session (server/modules/users/page-session.ts).
  await app.register(fastifyCookie)
  // The job system before any module: modules define their jobs as they register (server/jobs).
  registerJobs(app)
  // The instances' bus (server/db/notify.ts): realtime fan-out and read-cache invalidation across instances.
  await registerBus(app, notifications)
  // PGlite's stand-in for autovacuum, a scheduled job (server/db/maintenance.ts).
  definePgliteMaintenance(app.jobs, app.db, app.log.child({ module: 'db-maintenance' }))
  // Identity first: every module after it may use app.authenticate, app.idp and app.mail.
  await registerMail(app)
  await registerIdentity(app, { mail: app.mail })
  // The alert channels beyond mail (issue 25): app.sms and app.push, each with its delivery job.
  await registerSms(app, sms)
  const pushRoutes = registerPush(app)
  // Routes read files with request.file({ limits }); these are the ceilings for any upload.
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 20, fields: 20 } })
  // Counted in the database, so every instance sees the same counters (server/http/rate-limit-store.ts).
  await app.register(fastifyRateLimit, { ...rateLimitOptions, store: databaseRateLimitStore(db, () => app.now()) })
  await registerFiles(app, config)
  // The socket shares the HTTP server's port; it closes before the server does (open sockets block close).
  await registerRealtime(app, realtime, () => realtimeSecret(app.db))
  pushNotices(app)
  decorateUserGuards(app)
  registerWebhooks(app, webhooks)

  await app.register(systemRoutes, { backup })
  await app.register(settingsRoutes)
  await app.register(userRoutes)
  await app.register(profileRoutes)
  await app.register(invitationRoutes)
  await app.register(accessRoutes)
  await app.register(adminRoutes)
  await app.register(auditRoutes)
  await app.register(sellerRequestRoutes)
  await app.register(betaAccessRoutes)
  await app.register(dealRoutes)
  await app.register(browseRoutes)
  await app.register(realtimeRoutes)
  await app.register(chatRoutes)
  await app.register(notificationRoutes)
  await app.register(offerRoutes)
  await app.register(webhookRoutes)
  await app.register(dashboardRoutes)
  await app.register(roadmapRoutes)
  await app.register(trainingAdminRoutes)
  await app.register(trainingRoutes)
  await app.register(helpRoutes)
  await app.register(feedbackRoutes)
  await app.register(pushRoutes)
  // Matching alerts: their jobs (defined before ready), the public unsubscribe endpoints.
  await registerAlerts(app)
  await app.register(savedSearchRoutes)
  await app.register(freshnessRoutes)
  await app.register(mapDemoRoutes)
  await app.register(dealAnalyticsRoutes)
  await app.register(buyerMapRoutes)
  await app.register(ownersClubRoutes)

  const spa = await registerSpa(app, config)
  // Returns nothing: a returned reply is a thenable Fastify awaits, which adds another pair of listeners to a
  // response that a page path has already loaded with @fastify/static's attempts (MaxListenersExceededWarning).
  app.setNotFoundHandler((request, reply) => {
    if (isPageRequest(request, spa)) spa.servePage(request, reply)
    else sendNotFound(request, reply)
  })
  return app
}

function loggerOptions(config: Config, overrides: LoggerOverrides = {}): FastifyServerOptions['logger'] {
  // A person watching `npm start` in a terminal reads lines; anything else (production, CI, a log
  // collector) gets pino's JSON.
  const forPeople = !overrides.stream && config.NODE_ENV === 'development' && process.stdout.isTTY
  return {
    level: overrides.level ?? config.LOG_LEVEL,
    ...(overrides.stream && { stream: overrides.stream }),
    ...(forPeople && {
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    }),
    // A failed query's parameters and a request's query values (personal data) never reach the log: see log-errors.ts.
    serializers: { err: serializeError, req: serializeRequest },
    // Tokens and session cookies must never reach log storage, whoever logs the headers later.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
  }
}
