import type { endpoints } from '../../../src/contract'
import type { ActiveCaller } from './world'

/*
 * The authorization matrix: who may call each endpoint of the contract, and on which objects. Every endpoint
 * has an entry (the test fails for one without, and for an entry whose endpoint is gone). What the contract
 * already says is not repeated: `auth` (public, loopback, a signed-in active account) and `roles` decide who
 * is refused before any object is read: anonymous and forged tokens 401, a deactivated account 403
 * `account_deactivated`, a missing role 403 `forbidden`. An entry says what is left:
 *
 * - 'public': anyone, a bad or absent token included (the contract's `auth: 'public'`).
 * - 'loopback': only a direct caller on the server's own machine; anyone else is told it does not exist (404).
 * - 'signed-in': every active account that holds the contract's roles, whatever object it names.
 * - { object, allow, otherwise }: of the accounts holding the contract's roles, only `allow` may act on the
 *   world's object (`object` names it, for the reader); the others get `otherwise` (403 when the object may be
 *   seen but not touched, 404 when its existence is hidden), or the status `except` gives them.
 */

export type ObjectRule = {
  object: string
  allow: readonly ActiveCaller[]
  otherwise: 403 | 404
  except?: Partial<Record<ActiveCaller, 403 | 404>>
}
export type Rule = 'public' | 'loopback' | 'signed-in' | ObjectRule

export type EndpointName = keyof typeof endpoints

/** Admins and owners manage every listing (spec §6). */
const LISTING_MANAGERS = ['owningSeller', 'owner', 'admin'] as const
const manageListing: ObjectRule = { object: 'listing', allow: LISTING_MANAGERS, otherwise: 403 }
/** A conversation is its two participants'; admins and owners read it as observers but cannot write in it. */
const readThread: ObjectRule = { object: 'thread', allow: ['buyer', 'owningSeller', 'owner', 'admin'], otherwise: 404 }
const writeThread: ObjectRule = {
  object: 'thread',
  allow: ['buyer', 'owningSeller'],
  otherwise: 404,
  except: { owner: 403, admin: 403 },
}

export const MATRIX: Record<EndpointName, Rule> = {
  // system
  health: 'public',
  databaseBackup: 'loopback',
  featureFlags: 'public',
  openApi: 'public',
  // account
  me: 'signed-in',
  openPageSession: 'signed-in',
  closePageSession: 'signed-in',
  updateLanguage: 'signed-in',
  validateInvitation: 'public',
  signupWithInvitation: 'public',
  humanCheck: 'public',
  requestAccess: 'public',
  signinLink: 'public',
  signinLinkVerify: 'public',
  // profile
  updateProfile: 'signed-in',
  uploadProfilePicture: 'signed-in',
  uploadCompanyLogo: 'signed-in',
  getBuyBox: 'signed-in',
  putBuyBox: 'signed-in',
  getPreferences: 'signed-in',
  putPreferences: 'signed-in',
  getSellerPreferences: 'signed-in',
  putSellerPreferences: 'signed-in',
  getRoles: 'signed-in',
  putRoles: 'signed-in',
  // invitations
  listInvitations: 'signed-in',
  createInvitations: 'signed-in',
  // admin: the contract's roles say who; the object is any
  adminUsers: 'signed-in',
  adminUpdateUser: 'signed-in',
  adminGetSettings: 'signed-in',
  adminPutSettings: 'signed-in',
  adminWaitlist: 'signed-in',
  adminInviteFromWaitlist: 'signed-in',
  adminUser: 'signed-in',
  adminAudit: 'signed-in',
  adminAccessSummary: 'signed-in',
  adminPutAccessLimits: 'signed-in',
  adminInviteWaitlist: 'signed-in',
  adminDeclineWaitlist: 'signed-in',
  adminInvitations: 'signed-in',
  adminResendInvitation: 'signed-in',
  adminRevokeInvitation: 'signed-in',
  // deals
  listDeals: 'signed-in',
  dealsMap: 'signed-in',
  dealsExtent: 'signed-in',
  myDeals: 'signed-in',
  createDeal: 'signed-in',
  getDeal: 'signed-in',
  updateDeal: manageListing,
  deleteDeal: manageListing,
  uploadDealPhotos: manageListing,
  deleteDealPhoto: manageListing,
  orderDealPhotos: manageListing,
  changeDealStatus: manageListing,
  dealStatusHistory: manageListing,
  favoriteDeal: 'signed-in',
  unfavoriteDeal: 'signed-in',
  expressInterest: 'signed-in',
  listInterests: manageListing,
  exportInterestsCsv: manageListing,
  myInterests: 'signed-in',
  // realtime
  realtimeConfig: 'public',
  // The only channel anyone may hold is their own: the buyer's is refused to everyone else.
  pusherAuth: { object: "the buyer's notification channel", allow: ['buyer'], otherwise: 403 },
  // chat
  listThreads: 'signed-in',
  startThread: 'signed-in',
  // Only the listing's own seller writes first to its buyers: admins and owners too are refused (not_listing_seller).
  messageBuyer: { object: 'listing and its interested buyer', allow: ['owningSeller'], otherwise: 403 },
  getThread: readThread,
  listMessages: readThread,
  sendMessage: writeThread,
  markThreadRead: writeThread,
  blockThread: writeThread,
  unblockThread: writeThread,
  notifications: 'signed-in',
  markNotificationRead: { object: "the owning seller's notice", allow: ['owningSeller'], otherwise: 404 },
  // offers
  submitOffer: 'signed-in',
  listOffers: manageListing,
  exportOffersCsv: manageListing,
  acceptOffer: { object: "the buyer's offer", allow: LISTING_MANAGERS, otherwise: 403 },
  declineOffer: { object: "the buyer's offer", allow: LISTING_MANAGERS, otherwise: 403 },
  withdrawOffer: { object: "the buyer's offer", allow: ['buyer'], otherwise: 403 },
  myOffers: 'signed-in',
  // webhooks
  getWebhookSettings: 'signed-in',
  updateWebhookSettings: 'signed-in',
  rotateWebhookSecret: 'signed-in',
  sendWebhookTest: 'signed-in',
  listWebhookDeliveries: 'signed-in',
  // dashboard
  startDashboardVisit: 'signed-in',
  dashboardNews: 'signed-in',
  // roadmap
  roadmap: 'public',
  roadmapMyVotes: 'signed-in',
  roadmapVote: 'signed-in',
  roadmapUnvote: 'signed-in',
  adminCreateRoadmapItem: 'signed-in',
  adminUpdateRoadmapItem: 'signed-in',
  adminMoveRoadmapItem: 'signed-in',
  adminDeleteRoadmapItem: 'signed-in',
  // feedback
  submitFeedback: 'signed-in',
  myFeedback: 'signed-in',
  adminFeedback: 'signed-in',
  adminFeedbackScreenshot: 'signed-in',
  adminUpdateFeedback: 'signed-in',
  adminDeleteFeedback: 'signed-in',
  // seller requests
  mySellerRequest: 'signed-in',
  createSellerRequest: 'signed-in',
  adminSellerRequests: 'signed-in',
  adminApproveSellerRequest: 'signed-in',
  adminDeclineSellerRequest: 'signed-in',
  // training
  trainingLessons: 'signed-in',
  trainingLesson: 'signed-in',
  trainingSaveProgress: 'signed-in',
  trainingAttempt: 'signed-in',
  // help
  helpHome: 'public',
  helpArticle: 'public',
  helpArticleVote: 'public',
  helpQuestions: 'public',
  helpQuestion: 'public',
  helpSearch: 'public',
  helpAsk: 'signed-in',
  helpMyQuestions: 'signed-in',
  adminTrainingLessons: 'signed-in',
  adminTrainingLesson: 'signed-in',
  adminCreateTrainingLesson: 'signed-in',
  adminUpdateTrainingLesson: 'signed-in',
  adminMoveTrainingLesson: 'signed-in',
  adminPublishTrainingLesson: 'signed-in',
  adminDeleteTrainingLesson: 'signed-in',
  adminHelpQuestions: 'signed-in',
  adminHelpUpdateQuestion: 'signed-in',
  adminHelpArticles: 'signed-in',
  adminHelpCreateArticle: 'signed-in',
  adminHelpUpdateArticle: 'signed-in',
  adminHelpDeleteArticle: 'signed-in',
  adminHelpCategories: 'signed-in',
  adminHelpCreateCategory: 'signed-in',
  adminHelpUpdateCategory: 'signed-in',
  adminHelpDeleteCategory: 'signed-in',
  // push, alerts
  getPushKey: 'signed-in',
  savePushSubscription: 'signed-in',
  deletePushSubscription: 'signed-in',
  unsubscribeTarget: 'public',
  unsubscribe: 'public',
  devAlertDigests: 'loopback',
  // saved searches: a buyer's own; anyone else's is not there
  listSavedSearches: 'signed-in',
  createSavedSearch: 'signed-in',
  updateSavedSearch: { object: "the buyer's saved search", allow: ['buyer'], otherwise: 404 },
  deleteSavedSearch: { object: "the buyer's saved search", allow: ['buyer'], otherwise: 404 },
  // freshness
  adminGetListingFreshness: 'signed-in',
  adminPutListingFreshness: 'signed-in',
  confirmListing: manageListing,
  confirmListingByToken: 'public',
  // matching
  dealMatch: 'signed-in',
  dealMatchBands: manageListing,
  bestNewMatches: 'signed-in',
  mapDemoClusters: 'signed-in',
  dealAnalytics: manageListing,
  buyerLocations: 'signed-in',
  buyerAnalytics: 'signed-in',
  zipAnalytics: 'public',
  ownersLocations: 'signed-in',
  startMemberConversation: 'signed-in',
  // development
  devOutbox: 'loopback',
  devSmsOutbox: 'loopback',
}
