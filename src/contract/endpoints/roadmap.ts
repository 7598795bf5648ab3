import { z } from 'zod'
import { endpoint } from '../endpoint'
import {
  RoadmapItemCreateSchema,
  RoadmapItemSchema,
  RoadmapItemTextSchema,
  RoadmapMoveSchema,
  RoadmapMyVotesSchema,
  RoadmapSchema,
  RoadmapVoteResultSchema,
} from '../roadmap'

/**
 * The public feature roadmap (/features) and its editing in the admin panel. The list is public (no token,
 * so a visitor who is not signed in reads it); a signed-in reader's own votes come from a second, private
 * call, so the public answer is the same for everyone.
 */
export const roadmapEndpoints = {
  roadmap: endpoint({ method: 'GET', path: '/api/roadmap', auth: 'public', responses: { 200: RoadmapSchema } }),
  roadmapMyVotes: endpoint({
    method: 'GET',
    path: '/api/roadmap/votes',
    auth: 'user',
    responses: { 200: RoadmapMyVotesSchema },
  }),
  /** Planned items only; voting twice keeps one vote. */
  roadmapVote: endpoint({
    method: 'PUT',
    path: '/api/roadmap/:id/vote',
    auth: 'user',
    responses: { 200: RoadmapVoteResultSchema },
  }),
  roadmapUnvote: endpoint({
    method: 'DELETE',
    path: '/api/roadmap/:id/vote',
    auth: 'user',
    responses: { 200: RoadmapVoteResultSchema },
  }),
  adminCreateRoadmapItem: endpoint({
    method: 'POST',
    path: '/api/admin/roadmap',
    auth: 'user',
    roles: ['admin'],
    body: RoadmapItemCreateSchema,
    responses: { 201: RoadmapItemSchema },
  }),
  adminUpdateRoadmapItem: endpoint({
    method: 'PATCH',
    path: '/api/admin/roadmap/:id',
    auth: 'user',
    roles: ['admin'],
    body: RoadmapItemTextSchema,
    responses: { 200: RoadmapItemSchema },
  }),
  /** Reorders within a column or moves to another; answers the whole roadmap in its new order. */
  adminMoveRoadmapItem: endpoint({
    method: 'POST',
    path: '/api/admin/roadmap/:id/move',
    auth: 'user',
    roles: ['admin'],
    body: RoadmapMoveSchema,
    responses: { 200: RoadmapSchema },
  }),
  adminDeleteRoadmapItem: endpoint({
    method: 'DELETE',
    path: '/api/admin/roadmap/:id',
    auth: 'user',
    roles: ['admin'],
    responses: { 200: z.object({ deleted: z.literal(true) }) },
  }),
} as const
