/** What a listing says about where it is; `streetAddress` is null when the seller hides it from this viewer. */
export type DealPlace = {
  streetAddress: string | null
  addressHidden: boolean
  city: string
  state: string
  zipCode: string
}

export type DealAddress = {
  /** The street, or the "Address undisclosed" label. */
  street: string
  /** `City, ST 12345`, parts that are missing left out with their separators. */
  locality: string
  /** Both on one line, for accessible names: `5795 Pine St, Sacramento, CA 95820`. */
  full: string
}

const clean = (value: string | null | undefined) => value?.trim() ?? ''

/**
 * A listing's address in full: a nationwide marketplace needs the city, state and ZIP beside the street.
 * A hidden address reads `Address undisclosed · City, ST ZIP`, as notifications say it.
 */
export function dealAddress(place: DealPlace, undisclosedLabel: string): DealAddress {
  const street = place.addressHidden ? '' : clean(place.streetAddress)
  const stateZip = [clean(place.state), clean(place.zipCode)].filter(Boolean).join(' ')
  const locality = [clean(place.city), stateZip].filter(Boolean).join(', ')
  if (street) return { street, locality, full: locality ? `${street}, ${locality}` : street }
  return {
    street: undisclosedLabel,
    locality,
    full: locality ? `${undisclosedLabel} · ${locality}` : undisclosedLabel,
  }
}
