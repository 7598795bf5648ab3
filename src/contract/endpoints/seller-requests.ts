import { endpoint } from '../endpoint'
import {
  AdminSellerRequestPageSchema,
  AdminSellerRequestSchema,
  AdminSellerRequestsQuerySchema,
  MySellerRequestSchema,
  SellerRequestDeclineInputSchema,
  SellerRequestInputSchema,
  SellerRequestSchema,
} from '../seller-requests'

/** Seller access by approval: a buyer asks, an admin approves (grants the seller role) or declines with a reason. */
export const sellerRequestEndpoints = {
  /** The caller's latest request and its status (none yet: `request: null`). */
  mySellerRequest: endpoint({
    method: 'GET',
    path: '/api/profile/seller-request',
    auth: 'user',
    responses: { 200: MySellerRequestSchema },
  }),
  /** 409 `seller_request_pending` while one is open; 409 `already_seller` for a seller, owner or admin. */
  createSellerRequest: endpoint({
    method: 'POST',
    path: '/api/profile/seller-request',
    auth: 'user',
    body: SellerRequestInputSchema,
    responses: { 201: SellerRequestSchema },
  }),
  adminSellerRequests: endpoint({
    method: 'GET',
    path: '/api/admin/seller-requests',
    auth: 'user',
    query: AdminSellerRequestsQuerySchema,
    roles: ['admin'],
    responses: { 200: AdminSellerRequestPageSchema },
  }),
  /** Grants the seller (originator) role; 409 `seller_request_decided` once decided. */
  adminApproveSellerRequest: endpoint({
    method: 'POST',
    path: '/api/admin/seller-requests/:id/approve',
    auth: 'user',
    roles: ['admin'],
    responses: { 200: AdminSellerRequestSchema },
  }),
  adminDeclineSellerRequest: endpoint({
    method: 'POST',
    path: '/api/admin/seller-requests/:id/decline',
    auth: 'user',
    body: SellerRequestDeclineInputSchema,
    roles: ['admin'],
    responses: { 200: AdminSellerRequestSchema },
  }),
} as const
