import type { EndpointName } from './matrix'
import { NO_SUCH_ID, type CallerName, type World } from './world'

/*
 * What each endpoint is called with: its path's parameters (`PARAMS`: every endpoint with a `:name` in its path
 * needs a provider, or the test fails) and, where `{}` would not reach the rule under test, a minimal body
 * (`BODIES`). A provider that makes a fresh object does so for an endpoint whose allowed call would spoil the
 * shared one (delete, accept, withdraw, block).
 */

export type Provided = {
  params: Record<string, string>
  /** The object is a stand-in (an id nothing has): an allowed caller may be told it is not found. */
  placeholder?: boolean
}
/** `allowed`: whether the matrix lets this caller through (only those need a fresh object: a refusal spoils nothing). */
type Provider = (world: World, call: { caller: CallerName; allowed: boolean }) => Provided | Promise<Provided>

const real = (params: Record<string, string>): Provided => ({ params })
const standIn = (params: Record<string, string>): Provided => ({ params, placeholder: true })
const listing = (w: World) => real({ id: w.deal.id })
const thread = (w: World) => real({ threadId: w.thread.threadId })

export const PARAMS: Partial<Record<EndpointName, Provider>> = {
  validateInvitation: () => standIn({ token: 'no-such-invitation-token' }),
  adminUpdateUser: (w) => real({ id: w.users.otherBuyer.id }),
  adminUser: (w) => real({ id: w.users.otherBuyer.id }),
  adminInviteFromWaitlist: () => standIn({ id: NO_SUCH_ID }),
  adminDeclineWaitlist: () => standIn({ id: NO_SUCH_ID }),
  adminResendInvitation: () => standIn({ id: NO_SUCH_ID }),
  adminRevokeInvitation: () => standIn({ id: NO_SUCH_ID }),
  getDeal: listing,
  updateDeal: listing,
  deleteDeal: async (w, { allowed }) => real({ id: allowed ? (await w.fresh.listing()).id : w.deal.id }),
  uploadDealPhotos: listing,
  deleteDealPhoto: async (w, { allowed }) =>
    real({ id: w.deal.id, photoId: allowed ? await w.fresh.photo() : w.photoId }),
  orderDealPhotos: listing,
  changeDealStatus: listing,
  dealStatusHistory: listing,
  favoriteDeal: listing,
  unfavoriteDeal: listing,
  expressInterest: listing,
  listInterests: listing,
  exportInterestsCsv: listing,
  messageBuyer: (w) => real({ id: w.deal.id, buyerId: w.users.buyer.id }),
  getThread: thread,
  listMessages: thread,
  sendMessage: thread,
  markThreadRead: thread,
  blockThread: async (w, { allowed }) =>
    real({ threadId: allowed ? (await w.fresh.thread()).threadId : w.thread.threadId }),
  unblockThread: thread,
  markNotificationRead: (w) => real({ notificationId: w.noticeId }),
  submitOffer: listing,
  listOffers: listing,
  exportOffersCsv: listing,
  acceptOffer: async (w, { allowed }) => real({ offerId: allowed ? (await w.fresh.offer()).id : w.offer.id }),
  declineOffer: async (w, { allowed }) => real({ offerId: allowed ? (await w.fresh.offer()).id : w.offer.id }),
  withdrawOffer: async (w, { allowed }) => real({ offerId: allowed ? (await w.fresh.offer()).id : w.offer.id }),
  roadmapVote: async (w) => real({ id: (await w.content()).roadmapId }),
  roadmapUnvote: async (w) => real({ id: (await w.content()).roadmapId }),
  adminUpdateRoadmapItem: async (w) => real({ id: (await w.content()).roadmapId }),
  adminMoveRoadmapItem: async (w) => real({ id: (await w.content()).roadmapId }),
  adminDeleteRoadmapItem: () => standIn({ id: NO_SUCH_ID }),
  // Feedback without a screenshot: the admin is let through and told there is none.
  adminFeedbackScreenshot: async (w) => standIn({ id: (await w.content()).feedbackId }),
  adminUpdateFeedback: async (w) => real({ id: (await w.content()).feedbackId }),
  adminDeleteFeedback: () => standIn({ id: NO_SUCH_ID }),
  adminApproveSellerRequest: () => standIn({ id: NO_SUCH_ID }),
  adminDeclineSellerRequest: () => standIn({ id: NO_SUCH_ID }),
  trainingLesson: async (w) => real({ id: (await w.content()).lessonId }),
  trainingSaveProgress: async (w) => real({ id: (await w.content()).lessonId }),
  trainingAttempt: async (w) => real({ id: (await w.content()).lessonId }),
  helpArticle: async (w) => real({ id: (await w.content()).articleId }),
  helpArticleVote: async (w) => real({ id: (await w.content()).articleId }),
  helpQuestion: async (w) => {
    const { questionId } = await w.content()
    return questionId ? real({ id: questionId }) : standIn({ id: NO_SUCH_ID })
  },
  adminTrainingLesson: async (w) => real({ id: (await w.content()).lessonId }),
  adminUpdateTrainingLesson: async (w) => real({ id: (await w.content()).lessonId }),
  adminMoveTrainingLesson: async (w) => real({ id: (await w.content()).lessonId }),
  adminPublishTrainingLesson: async (w) => real({ id: (await w.content()).lessonId }),
  adminDeleteTrainingLesson: () => standIn({ id: NO_SUCH_ID }),
  adminHelpUpdateQuestion: () => standIn({ id: NO_SUCH_ID }),
  adminHelpUpdateArticle: async (w) => real({ id: (await w.content()).articleId }),
  adminHelpDeleteArticle: () => standIn({ id: NO_SUCH_ID }),
  adminHelpUpdateCategory: async (w) => real({ id: (await w.content()).categoryId }),
  adminHelpDeleteCategory: () => standIn({ id: NO_SUCH_ID }),
  updateSavedSearch: (w) => real({ id: w.search.id }),
  deleteSavedSearch: async (w, { allowed }) => real({ id: allowed ? (await w.fresh.savedSearch()).id : w.search.id }),
  confirmListing: listing,
  dealMatch: listing,
  dealMatchBands: listing,
  dealAnalytics: listing,
  zipAnalytics: () => real({ zip: '85001' }),
  startMemberConversation: (w) => real({ userId: w.users.otherSeller.id }),
}

/** Public endpoints whose minimal body names something that does not exist: "not found" is their answer to anyone. */
export const STAND_IN_BODIES: ReadonlySet<EndpointName> = new Set(['signinLinkVerify'])

/** Bodies that reach the rule under test where `{}` would be turned away first (the check is in the handler). */
export const BODIES: Partial<Record<EndpointName, (world: World) => unknown>> = {
  orderDealPhotos: (w) => ({ photoIds: [w.photoId] }),
  pusherAuth: (w) => ({ socket_id: '1234.5678', channel_name: `private-user-${w.users.buyer.id}` }),
  messageBuyer: () => ({ message: 'Thanks for your interest.' }),
  sendMessage: () => ({ message: 'Is it still available?' }),
}
