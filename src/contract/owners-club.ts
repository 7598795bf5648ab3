import { z } from 'zod'
import { MEMBER_DEAL_TYPES } from './profile'

/**
 * The Owners Club (issue 26, `/owners`: sellers, owners and admins). Where members work, by ZIP code (from
 * their live listings; never an address), and the directory of members who opted in from their profile.
 */

/** The directory lists at most this many members (opted-in, company name then name order); `directoryTotal` says how many there are. */
export const OWNERS_DIRECTORY_MAX = 200
/** A member's markets as listed: at most this many ZIP codes (their live listings' ZIPs, the busiest first). */
export const OWNERS_MEMBER_ZIPS_MAX = 10

/** Members (sellers, owners, admins) with live listings in one ZIP code, at the ZIP's centre. */
const OwnersZipSchema = z.object({
  zipCode: z.string(),
  city: z.string(),
  state: z.string(),
  lat: z.number(),
  lng: z.number(),
  members: z.number().int(),
})
export type OwnersZip = z.infer<typeof OwnersZipSchema>

const MemberMarketSchema = z.object({ zipCode: z.string(), city: z.string(), state: z.string() })

export const OwnersClubMemberSchema = z.object({
  id: z.string(),
  /** First and last name; "" when the account has none. */
  name: z.string(),
  companyName: z.string().nullable(),
  companyLogoUrl: z.string().nullable(),
  /** Their live listings' ZIP codes, with city and state (at most OWNERS_MEMBER_ZIPS_MAX). */
  markets: z.array(MemberMarketSchema),
  /** Every state they work: their listings' and their seller preferences' (two-letter codes, sorted). */
  states: z.array(z.string()),
  dealTypes: z.array(z.enum(MEMBER_DEAL_TYPES)),
  /** The company phone and e-mail, when they gave them. */
  contact: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
})
export type OwnersClubMember = z.infer<typeof OwnersClubMemberSchema>

/** `GET /api/owners/locations`: the members' markets by ZIP code and the directory. */
export const OwnersLocationsSchema = z.object({
  /** ZIP codes with members' live listings, the most members first. */
  zips: z.array(OwnersZipSchema),
  /** Opted-in members, at most OWNERS_DIRECTORY_MAX, by company name then name. */
  directory: z.array(OwnersClubMemberSchema),
  /** How many members opted in (the directory is cut at OWNERS_DIRECTORY_MAX). */
  directoryTotal: z.number().int(),
})
export type OwnersLocations = z.infer<typeof OwnersLocationsSchema>
