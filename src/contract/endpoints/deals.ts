import { z } from 'zod'
import { endpoint } from '../endpoint'
import { CsvExportQuerySchema } from '../common'
import { DealFiltersSchema, DealsMapQuerySchema, DealsQuerySchema } from '../browse'
import {
  DealPageSchema,
  DealPhotoListSchema,
  DealSchema,
  DealsExtentSchema,
  DealsMapSchema,
  MyDealPageSchema,
  MyDealsQuerySchema,
  PhotoOrderInputSchema,
  StatusChangeInputSchema,
  StatusHistoryEntrySchema,
} from '../deals'
import { DealInputSchema, SaveDealQuerySchema } from '../deal-fields'
import {
  FavoriteResultSchema,
  InterestInputSchema,
  InterestListSchema,
  InterestSchema,
  MyInterestListSchema,
} from '../engagement'

export const dealEndpoints = {
  listDeals: endpoint({
    method: 'GET',
    path: '/api/deals',
    auth: 'user',
    query: DealsQuerySchema,
    responses: { 200: DealPageSchema },
  }),
  dealsMap: endpoint({
    method: 'GET',
    path: '/api/deals/map',
    auth: 'user',
    query: DealsMapQuerySchema,
    responses: { 200: DealsMapSchema },
  }),
  dealsExtent: endpoint({
    method: 'GET',
    path: '/api/deals/map/extent',
    auth: 'user',
    query: DealFiltersSchema,
    responses: { 200: DealsExtentSchema },
  }),
  myDeals: endpoint({
    method: 'GET',
    path: '/api/deals/mine',
    auth: 'user',
    query: MyDealsQuerySchema,
    roles: ['originator'],
    responses: { 200: MyDealPageSchema },
  }),
  createDeal: endpoint({
    method: 'POST',
    path: '/api/deals',
    auth: 'user',
    query: SaveDealQuerySchema,
    body: DealInputSchema,
    roles: ['originator'],
    responses: { 201: DealSchema },
  }),
  getDeal: endpoint({ method: 'GET', path: '/api/deals/:id', auth: 'user', responses: { 200: DealSchema } }),
  updateDeal: endpoint({
    method: 'PUT',
    path: '/api/deals/:id',
    auth: 'user',
    query: SaveDealQuerySchema,
    body: DealInputSchema,
    responses: { 200: DealSchema },
  }),
  deleteDeal: endpoint({
    method: 'DELETE',
    path: '/api/deals/:id',
    auth: 'user',
    responses: { 200: z.object({ deleted: z.literal(true) }) },
  }),
  uploadDealPhotos: endpoint({
    method: 'POST',
    path: '/api/deals/:id/photos',
    auth: 'user',
    multipart: true,
    responses: { 200: DealPhotoListSchema },
  }),
  deleteDealPhoto: endpoint({
    method: 'DELETE',
    path: '/api/deals/:id/photos/:photoId',
    auth: 'user',
    responses: { 200: DealPhotoListSchema },
  }),
  orderDealPhotos: endpoint({
    method: 'PUT',
    path: '/api/deals/:id/photos/order',
    auth: 'user',
    body: PhotoOrderInputSchema,
    responses: { 200: DealPhotoListSchema },
  }),
  changeDealStatus: endpoint({
    method: 'POST',
    path: '/api/deals/:id/status',
    auth: 'user',
    body: StatusChangeInputSchema,
    responses: { 200: DealSchema },
  }),
  dealStatusHistory: endpoint({
    method: 'GET',
    path: '/api/deals/:id/status-history',
    auth: 'user',
    summary: "A listing's status changes with the seller's comments and reasons: its seller, admins and owners only.",
    responses: { 200: z.array(StatusHistoryEntrySchema) },
  }),
  favoriteDeal: endpoint({
    method: 'PUT',
    path: '/api/deals/:id/favorite',
    auth: 'user',
    responses: { 200: FavoriteResultSchema },
  }),
  unfavoriteDeal: endpoint({
    method: 'DELETE',
    path: '/api/deals/:id/favorite',
    auth: 'user',
    responses: { 200: FavoriteResultSchema },
  }),
  expressInterest: endpoint({
    method: 'POST',
    path: '/api/deals/:id/interest',
    auth: 'user',
    body: InterestInputSchema,
    roles: ['buyer'],
    responses: { 200: InterestSchema },
  }),
  listInterests: endpoint({
    method: 'GET',
    path: '/api/deals/:id/interests',
    auth: 'user',
    responses: { 200: InterestListSchema },
  }),
  /** The same list as CSV (text/csv, UTF-8 with BOM, a header row), as a download. */
  exportInterestsCsv: endpoint({
    method: 'GET',
    path: '/api/deals/:id/interests.csv',
    auth: 'user',
    query: CsvExportQuerySchema,
    download: 'text/csv',
    responses: { 200: z.string() },
  }),
  /** The caller's own interests, latest first, each with its listing as they may see it (deleted ones left out). */
  myInterests: endpoint({
    method: 'GET',
    path: '/api/interests/mine',
    auth: 'user',
    responses: { 200: MyInterestListSchema },
  }),
} as const
