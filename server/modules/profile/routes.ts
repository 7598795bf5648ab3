import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { COMPANY_LOGO_MAX_BYTES, endpoints, PROFILE_PICTURE_MAX_BYTES } from '../../../src/contract'
import { implement } from '../../http/implement'
import { updateCurrentUser } from '../users/current-user'
import { replaceFileUrl, type UserPatch } from '../users/repository'
import { readImageUpload, reencodeImage } from './image-upload'
import { documentRoutes } from './document-routes'
import { roleRoutes } from './role-routes'

/** Body keys as the client sent them: PATCH leaves the fields it was not given alone. */
const sentKeys = new WeakMap<FastifyRequest, Set<string>>()

const optionalProfileFields = ['callBookingLink', 'companyName', 'companyPhone', 'companyEmail'] as const

export const profileRoutes: FastifyPluginAsync = async (app) => {
  implement(
    app,
    endpoints.updateProfile,
    async (request) => {
      const { firstName, lastName, phoneNumber, ...optional } = request.body
      const sent = sentKeys.get(request) ?? new Set()
      const patch: UserPatch = { firstName, lastName, phone: phoneNumber }
      for (const key of optionalProfileFields) if (sent.has(key)) patch[key] = optional[key]
      if (optional.ownersClubListed !== undefined) patch.ownersClubListed = optional.ownersClubListed
      if (optional.ownersClubDealTypes !== undefined) patch.ownersClubDealTypes = optional.ownersClubDealTypes
      return updateCurrentUser(app, request, patch)
    },
    {
      preValidation: async (request) => {
        const body = request.body
        sentKeys.set(request, new Set(body && typeof body === 'object' ? Object.keys(body) : []))
      },
    },
  )

  const saveImage =
    (maxBytes: number, maxSide: number, folder: string, column: 'profilePictureUrl' | 'companyLogoUrl') =>
    async (request: FastifyRequest) => {
      const upload = await readImageUpload(request, maxBytes)
      // Never the uploaded bytes: camera EXIF (GPS, author) would go out with every listing and profile.
      const image = await reencodeImage(request, upload, { maxSide, maxBytes })
      const stored = await app.files.save({ folder, bytes: image.bytes, extension: image.extension })
      let previous: string | null
      try {
        previous = await replaceFileUrl(app.db, request.user.id, column, stored.url)
      } catch (error) {
        await app.files.remove(stored.url)
        throw error
      }
      // The old file goes only once nothing points at it; a failure leaves an orphan, not a hole.
      await app.files.remove(previous).catch((error: unknown) => request.log.warn({ err: error }, 'old upload kept'))
      return { url: stored.url }
    }

  // Pictures and logos are shown small (avatars, the listing's seller card): these sides keep them sharp on
  // high-density screens.
  implement(
    app,
    endpoints.uploadProfilePicture,
    saveImage(PROFILE_PICTURE_MAX_BYTES, 1024, 'avatars', 'profilePictureUrl'),
  )
  implement(app, endpoints.uploadCompanyLogo, saveImage(COMPANY_LOGO_MAX_BYTES, 512, 'logos', 'companyLogoUrl'))

  await app.register(documentRoutes)
  await app.register(roleRoutes)
}
