import { createSfu } from './sfu/create'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { AppContext } from './context'
import type { Database } from './db/client'
import { installAuth } from './http/auth-guard'
import { installErrorHandler } from './http/errors'
import { installJsonParser } from './http/json-body'
import { installOpenApi } from './http/openapi'
import { installCookies } from './http/refresh-cookie'
import { installSecurityHeaders } from './http/security-headers'
import { installSpa } from './http/spa'
import { trustProxyOption } from './http/trust-proxy'
import { zodValidatorCompiler } from './http/validation'
import { createTokenService } from './auth/tokens'
import { createJobQueue, DEAD_RETENTION_MS, DONE_RETENTION_MS, type Queue } from './jobs/queue'
import { createScheduler, type Scheduler } from './jobs/scheduler'
import { createMailer } from './mail/mailer'
import { createSafeFetch } from './net/safe-fetch'
import { attentionRoutes, createAttentionService, digestJob } from './modules/attention'
import { authRoutes, createAuthService } from './modules/auth'
import { callRoutes, createCallService, installCallRooms } from './modules/call'
import { channelPublicRoutes, channelRoutes, createChannelService } from './modules/channel'
import { createCustomerService, customerRoutes } from './modules/customer'
import { createEmailPreviewService, emailPreviewRoutes } from './modules/email-preview'
import { createHealthService, healthRoutes } from './modules/health'
import { createMediaService, mediaPublicRoutes, mediaRoutes, orphanSweep } from './modules/media'
import { createMeetingService, installMeetingRoom, type MeetingService, meetingRoutes } from './modules/meeting'
import { countPurgedFile, createMessageService, messageRoutes, threadRoutes } from './modules/message'
import { createNotifyService, notifyRoutes } from './modules/notify'
import { createRelatesService, relatesRoutes } from './modules/relates'
import { createSearchService, searchRoutes } from './modules/search'
import { createTopicService, requireTopicMember, requireTopicWriter, topicIdsOf, topicRoutes, writerName } from './modules/topic'
import { createSupportService, type SupportService, supportRoutes } from './modules/support'
import { createTodoService, todoRoutes } from './modules/todo'
import { calendarRoutes, createCalendarService } from './modules/calendar'
import { bookingRoutes, createBookingService } from './modules/booking'
import { createVoteService, voteRoutes } from './modules/vote'
import { createPresenceService, type PresenceService, presenceRoutes } from './modules/presence'
import { createReactionService, reactionRoutes } from './modules/reaction'
import { createSavedService, savedRoutes } from './modules/saved'
import { createScheduledService, scheduledRoutes } from './modules/scheduled'
import { createDraftService, draftRoutes } from './modules/draft'
import { createRealtime } from './realtime'
import { createAvatarStore } from './storage/avatars'
import { installMediaRoutes } from './storage/media-routes'
import { createObjectStore, mediaSharingWarning } from './storage/object-store'
import { createUploadPipeline } from './storage/upload-pipeline'

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>

/**
 * Every route is checked and answered through its contract's zod schemas. Given as the compilers'
 * factories (what Fastify calls them with is typed for ajv), Fastify does not load its default
 * JSON-schema compilers (ajv, fast-json-stringify: ~150 ms of a start) only to have them replaced.
 */
const ZOD_COMPILERS = {
  buildValidator: () => zodValidatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory

export function createFastify(config: Config): FastifyInstance {
  return Fastify({
    schemaController: { compilersFactory: ZOD_COMPILERS },
    logger: config.logger ? { level: config.logLevel } : false,
    // One line per request costs throughput; it is there with LOG_LEVEL=debug.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    trustProxy: trustProxyOption(config.trustProxy),
    forceCloseConnections: true,
    bodyLimit: 1024 * 1024,
  })
}

/**
 * Every module's service, built once. A module that needs another's service receives it here;
 * no module builds another module's service.
 */
export function createServices(ctx: AppContext, log: Pick<FastifyBaseLogger, 'error'>) {
  const customer = createCustomerService(ctx, createAvatarStore(ctx.storage))
  const notify = createNotifyService(ctx)
  // Uploading into a topic is writing there: a member whom the group lets write and the 1:1 partner does not refuse.
  // Deleting a message's file for good is counted on the message, which then says "File removed".
  const media = createMediaService(ctx, { requireTopicWriter, countPurgedFile })
  const relates = createRelatesService(ctx, { notify })
  // presence: a read position moved (topic/seen) reaches the chat's read receipts.
  let presence: PresenceService | undefined
  const topic = createTopicService(ctx, { relates, onSeen: (userId, topicId) => presence?.seen(userId, topicId) })
  const attention = createAttentionService(ctx, { notify })
  // presence, custom status, read receipts: do not disturb through the attention service.
  presence = createPresenceService(ctx, { attention })
  // pages: the support desk answers through the message service, which tells it of every message.
  let support: SupportService | undefined
  const message = createMessageService(ctx, { media, attention, afterSend: (senderId, sent) => support?.heard(senderId, sent) })
  support = createSupportService(ctx, {
    customers: customer,
    topics: topic,
    sendAs: (senderId, topicId, text) =>
      message.send(senderId, { topic_id: topicId, message: text, type: 'text', client_id: randomUUID(), mentions: [], media_ids: [] }),
    log,
  })
  // calls: ring, answer, end; the summary through the message service, the missed call through notify.
  const call = createCallService(ctx, { topics: topic, relates, attention, notify, messages: message, log })
  // polls: the poll's message through the message service, in the transaction that writes the poll.
  const vote = createVoteService(ctx, { messages: message })
  // reactions and a channel's custom emoji.
  const reaction = createReactionService(ctx)
  // to-dos: notifications through notify under the attention rules; the due notification a job of ctx.queue.
  const todo = createTodoService(ctx, { attention, log })
  // calendar: reminders and tasks; each event's reminder a job of ctx.queue, a group reminder's message through the message service.
  const calendar = createCalendarService(ctx, { notify, attention, messages: message, log })
  // booking pages: notifications through the attention service's notifyIfAllowed, guests by email; the reminder a job of ctx.queue.
  const booking = createBookingService(ctx, { attention, log })
  // saved messages: each person's list, messages read through the message service.
  const saved = createSavedService(ctx, { messages: message })
  // scheduled messages: each a job of ctx.queue, sent through the message service's send; a failure told through notify.
  const scheduled = createScheduledService(ctx, { messages: message, notify, attention, log })
  // drafts: a person's unsent text per chat, across their tabs and devices.
  const draft = createDraftService(ctx)
  return {
    draft,
    call,
    vote,
    presence,
    reaction,
    saved,
    scheduled,
    todo,
    calendar,
    booking,
    health: createHealthService(ctx),
    auth: createAuthService(ctx, { customers: customer, push: notify.push }),
    customer,
    notify,
    channel: createChannelService(ctx, { topics: topic, customers: customer }),
    topic,
    message,
    attention,
    support,
    media,
    emailPreview: createEmailPreviewService(ctx),
    relates,
    // search
    search: createSearchService(ctx, { requireTopicMember }),
    meeting: createMeetingService(ctx),
  }
}

export type Services = ReturnType<typeof createServices>

const CLEANUP_EVERY_MS = 60 * 60 * 1000
/** Outbox rows (sent or not) are deleted this long after they were written. */
const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000

/** The hourly cleanup, on one node at a time: ended sessions with their refresh tokens, old email codes, old outbox rows, finished queued jobs. */
function cleanupJob(ctx: AppContext, services: Services, queue: Queue) {
  return {
    name: 'cleanup',
    everyMs: CLEANUP_EVERY_MS,
    async run() {
      return {
        sessions: await ctx.tokens.pruneEnded(),
        email_codes: await services.auth.pruneCodes(),
        outbox: await ctx.mailer.prune(new Date(ctx.config.now() - OUTBOX_RETENTION_MS)),
        queued_jobs: await queue.prune(new Date(ctx.config.now() - DONE_RETENTION_MS), new Date(ctx.config.now() - DEAD_RETENTION_MS)),
      }
    },
  }
}

/** Wires every part onto the Fastify instance; each domain gets the shared context and its service. */
export async function buildApp(
  app: FastifyInstance,
  config: Config,
  database: Database,
): Promise<{ ctx: AppContext; services: Services; jobs: Scheduler }> {
  const storage = await createObjectStore(config)
  app.addHook('onClose', () => storage.close())
  const sharing = mediaSharingWarning(config)
  if (sharing) app.log.warn({ media_dir: config.mediaDir }, sharing)
  await installSecurityHeaders(app, { publicUrl: config.publicUrl, production: config.production, mediaOrigin: storage.readOrigin })
  installJsonParser(app)
  installErrorHandler(app)
  installAuth(app)

  const tokens = createTokenService(database.db, { keys: config.keys, sessions: config.sessions, now: config.now })
  // A meeting's room token admits a socket once the meeting module is built (before the server listens).
  let meetings: MeetingService | undefined
  const realtime = await createRealtime(app.server, {
    redisUrl: config.redisUrl,
    redisChannel: config.redisChannel,
    authenticate: tokens.authenticate,
    authenticateRoom: async (token) => (meetings ? (await meetings.admission(token)).grant : null),
    now: config.now,
    connectLimit: config.rateLimits.socketConnect,
    log: app.log,
    topicsOf: (userId) => topicIdsOf(database.db, userId),
    // Typing is a write: only from someone who may write in the topic (a block or friends-only refuses it too).
    writerName: (userId, topicId) => writerName(database.db, userId, topicId),
  })
  // A revoked session's sockets go, on every node.
  tokens.onRevoked((revoked) => realtime.disconnect(revoked))
  // pages: a revocation on another node counts here at once too (no cached 'open' verdict outlives it).
  realtime.onRemoteRevoked((revoked) => tokens.forgetRevoked(revoked))
  const mailer = createMailer({
    db: database.db,
    log: app.log,
    publicUrl: () => config.publicUrl ?? `http://localhost:${config.port}`,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    preview: config.emailPreview,
  })
  const uploads = createUploadPipeline(path.join(config.mediaDir, 'tmp'))
  const outbound = createSafeFetch(config.outbound)
  // calls and meetings: the SFU given (tests), else Janus by JANUS_URL, else the embedded one (its worker starts at the first group call).
  const ownSfu = config.sfu === undefined
  const sfu =
    config.sfu ?? createSfu({ janus: config.janus, iceServers: config.calls.iceServers.filter((server) => server.secret === undefined) })
  // Services register their job handlers as they are created; the queue starts once all are there.
  const queue = createJobQueue({ db: database.db, log: app.log, now: config.now, settings: config.jobQueue })
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    run: database.run,
    mailer,
    tokens,
    realtime,
    uploads,
    storage,
    outbound,
    sfu,
    queue,
  }
  const services = createServices(ctx, app.log)
  meetings = services.meeting
  installMeetingRoom(ctx, services.meeting, app.log)
  // calls: the rooms' signalling on every socket; the rings past their time, on every node.
  installCallRooms(ctx, services.call, app.log)
  // presence: every signed-in socket's comings, goings and activity; with Redis, this node's heartbeat.
  services.presence.start()
  services.call.start()
  // notifications (browser push): the VAPID key pair is made (or read) once, at start.
  await services.notify.push.publicKey()
  // pages: the support desk's account exists before anyone can sign up.
  await services.support.prepare()
  const jobs = createScheduler([cleanupJob(ctx, services, queue), orphanSweep(services.media, config.now), digestJob(services.attention)], {
    db: database.db,
    log: app.log,
    now: config.now,
  })
  jobs.start()
  queue.start()

  // Sockets go first so the HTTP server can close; the database goes last.
  app.addHook('preClose', async () => {
    services.call.close()
    await services.presence.close()
    services.attention.close()
    services.notify.push.close()
    await services.notify.pushesSettled()
    await jobs.stop()
    // Waits for the jobs this node is running (their handlers may use realtime and the database).
    await queue.stop()
    await realtime.close()
    // calls: the seats of this node's sockets are given up (the last one out ends a call) before the database closes.
    await services.call.settled()
    if (ownSfu) await sfu.close()
  })
  app.addHook('onClose', async () => {
    outbound.close()
    await mailer.close()
    await database.close()
  })

  await app.register(rateLimit, {
    global: false,
    redis: realtime.redis,
    nameSpace: config.rateLimitNamespace,
    // Open by default when Redis fails; each auth rule fails closed (server/http/rate-limits.ts).
    skipOnError: true,
    errorResponseBuilder: (_req, context) => ({ statusCode: context.statusCode, message: 'Too many requests' }),
  })
  await installCookies(app)
  await installOpenApi(app, config)

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx, service: services.health })
      await api.register(authRoutes, { ctx, service: services.auth })
      await api.register(customerRoutes, { ctx, service: services.customer })
      await api.register(notifyRoutes, { ctx, service: services.notify })
      await api.register(channelPublicRoutes, { ctx, service: services.channel })
      await api.register(channelRoutes, { ctx, service: services.channel })
      await api.register(topicRoutes, { ctx, service: services.topic })
      await api.register(messageRoutes, { ctx, service: services.message })
      await api.register(draftRoutes, { ctx, service: services.draft })
      await api.register(threadRoutes, { ctx, service: services.message })
      await api.register(mediaPublicRoutes, { ctx, service: services.media })
      await api.register(mediaRoutes, { ctx, service: services.media })
      await api.register(relatesRoutes, { ctx, service: services.relates })
      // search
      await api.register(searchRoutes, { ctx, service: services.search })
      await api.register(attentionRoutes, { ctx, service: services.attention })
      await api.register(supportRoutes, { ctx, service: services.support })
      await api.register(meetingRoutes, { ctx, service: services.meeting })
      await api.register(callRoutes, { ctx, service: services.call })
      await api.register(voteRoutes, { ctx, service: services.vote })
      await api.register(presenceRoutes, { ctx, service: services.presence })
      await api.register(reactionRoutes, { ctx, service: services.reaction })
      await api.register(savedRoutes, { ctx, service: services.saved })
      await api.register(scheduledRoutes, { ctx, service: services.scheduled })
      await api.register(todoRoutes, { ctx, service: services.todo })
      await api.register(calendarRoutes, { ctx, service: services.calendar })
      await api.register(bookingRoutes, { ctx, service: services.booking })
    },
    { prefix: '/api' },
  )
  await app.register(emailPreviewRoutes, { ctx, service: services.emailPreview })
  await installMediaRoutes(app, createAvatarStore(storage))
  await installSpa(app, config.distDir)
  return { ctx, services, jobs }
}
