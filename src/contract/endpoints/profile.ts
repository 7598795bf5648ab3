import { endpoint } from '../endpoint'
import { UserSchema } from '../auth'
import {
  BuyBoxSchema,
  PreferencesAnswerSchema,
  PreferencesInputSchema,
  ProfileUpdateInputSchema,
  RolesUpdateInputSchema,
  SellerPreferencesSchema,
  UploadedFileSchema,
} from '../profile'

export const profileEndpoints = {
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/api/profile',
    auth: 'user',
    body: ProfileUpdateInputSchema,
    responses: { 200: UserSchema },
  }),
  uploadProfilePicture: endpoint({
    method: 'POST',
    path: '/api/profile/picture',
    auth: 'user',
    multipart: true,
    responses: { 200: UploadedFileSchema },
  }),
  uploadCompanyLogo: endpoint({
    method: 'POST',
    path: '/api/profile/company-logo',
    auth: 'user',
    multipart: true,
    responses: { 200: UploadedFileSchema },
  }),
  getBuyBox: endpoint({
    method: 'GET',
    path: '/api/profile/buybox',
    auth: 'user',
    responses: { 200: BuyBoxSchema.nullable() },
  }),
  putBuyBox: endpoint({
    method: 'PUT',
    path: '/api/profile/buybox',
    auth: 'user',
    body: BuyBoxSchema,
    responses: { 200: BuyBoxSchema },
  }),
  getPreferences: endpoint({
    method: 'GET',
    path: '/api/profile/preferences',
    auth: 'user',
    responses: { 200: PreferencesAnswerSchema.nullable() },
  }),
  putPreferences: endpoint({
    method: 'PUT',
    path: '/api/profile/preferences',
    auth: 'user',
    body: PreferencesInputSchema,
    responses: { 200: PreferencesAnswerSchema },
  }),
  getSellerPreferences: endpoint({
    method: 'GET',
    path: '/api/profile/seller-preferences',
    auth: 'user',
    responses: { 200: SellerPreferencesSchema.nullable() },
  }),
  putSellerPreferences: endpoint({
    method: 'PUT',
    path: '/api/profile/seller-preferences',
    auth: 'user',
    body: SellerPreferencesSchema,
    responses: { 200: SellerPreferencesSchema },
  }),
  getRoles: endpoint({ method: 'GET', path: '/api/profile/roles', auth: 'user', responses: { 200: UserSchema } }),
  putRoles: endpoint({
    method: 'PUT',
    path: '/api/profile/roles',
    auth: 'user',
    body: RolesUpdateInputSchema,
    responses: { 200: UserSchema },
  }),
} as const
