import { endpoint } from '../endpoint'
import {
  SavedSearchInputSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
  SavedSearchUpdateSchema,
} from '../saved-searches'

/**
 * The caller's saved searches (buyers; owners keep a buy box too and pass every role check). A search
 * belongs to its user: another user's id answers 404 as a missing one does.
 */
export const savedSearchEndpoints = {
  listSavedSearches: endpoint({
    method: 'GET',
    path: '/api/saved-searches',
    auth: 'user',
    roles: ['buyer'],
    responses: { 200: SavedSearchListSchema },
  }),
  /** 400 with `fields.name` for a name the caller already uses, `fields.filters` without any filter; 409 past the limit. */
  createSavedSearch: endpoint({
    method: 'POST',
    path: '/api/saved-searches',
    auth: 'user',
    roles: ['buyer'],
    body: SavedSearchInputSchema,
    responses: { 201: SavedSearchSchema },
  }),
  updateSavedSearch: endpoint({
    method: 'PATCH',
    path: '/api/saved-searches/:id',
    auth: 'user',
    roles: ['buyer'],
    body: SavedSearchUpdateSchema,
    responses: { 200: SavedSearchSchema },
  }),
  deleteSavedSearch: endpoint({
    method: 'DELETE',
    path: '/api/saved-searches/:id',
    auth: 'user',
    roles: ['buyer'],
    responses: { 200: SavedSearchListSchema },
  }),
}
