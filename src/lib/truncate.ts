/** Spec section 9: address previews in notifications. */
export const ADDRESS_PREVIEW_LENGTH = 30
/** Spec section 9: message previews in toasts and notifications. */
export const MESSAGE_PREVIEW_LENGTH = 50

const ELLIPSIS = '…'

// Grapheme clusters keep emoji with modifiers, flags and combining accents whole;
// the code-point fallback at least never splits a surrogate pair.
const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : undefined

const toCharacters = (text: string): string[] =>
  segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : Array.from(text)

/**
 * Keeps the first `max` user-perceived characters and appends '…' when the text
 * is longer; text of `max` characters or fewer is returned unchanged.
 */
export const truncate = (text: string, max: number): string => {
  const limit = Math.max(0, Math.floor(max))
  // Cheap exit: a string no longer than `limit` UTF-16 units cannot have more characters.
  if (text.length <= limit) return text
  const characters = toCharacters(text)
  if (characters.length <= limit) return text
  return characters.slice(0, limit).join('') + ELLIPSIS
}

export const addressPreview = (text: string): string => truncate(text, ADDRESS_PREVIEW_LENGTH)

export const messagePreview = (text: string): string => truncate(text, MESSAGE_PREVIEW_LENGTH)

export type DealAddressInfo = {
  address?: string | null
  hideAddress?: boolean | null
  city?: string | null
  state?: string | null
  zip?: string | null
}

const clean = (value: string | null | undefined): string => value?.trim() ?? ''

/**
 * Second line of a notification about a deal.
 *
 * Visible address: the street address cut to the address preview length.
 * Hidden or missing address: `<label> · <City>, <ST> <ZIP>`, e.g.
 * `Address undisclosed · Austin, TX 78701`. Missing locality parts are dropped
 * with their separators (`Austin, TX`, `TX 78701`, `Austin, 78701`), and with no
 * locality at all only the label is shown, so no stray commas or dots appear.
 */
export const dealAddressLine = (info: DealAddressInfo, undisclosedLabel: string): string => {
  const address = clean(info.address)
  if (address && !info.hideAddress) return addressPreview(address)

  const stateZip = [clean(info.state), clean(info.zip)].filter(Boolean).join(' ')
  const locality = [clean(info.city), stateZip].filter(Boolean).join(', ')
  return locality ? `${undisclosedLabel} · ${locality}` : undisclosedLabel
}
