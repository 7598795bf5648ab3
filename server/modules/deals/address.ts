/**
 * Normalised street address for the duplicate check: "123 Main Street, Apt #4" and "123 main st. unit 4"
 * with the same ZIP are one property. Only the comparison uses this form; the seller's spelling is shown.
 */

const SUFFIXES: Record<string, string> = {
  street: 'st',
  str: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  boulevard: 'blvd',
  place: 'pl',
  terrace: 'ter',
  circle: 'cir',
  parkway: 'pkwy',
  highway: 'hwy',
  trail: 'trl',
}

const DIRECTIONS: Record<string, string> = {
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
}

/** Words that introduce a unit number; they all mean the same unit, so they collapse to one marker. */
const UNIT_MARKERS = new Set(['apt', 'apartment', 'unit', 'suite', 'ste', 'no', 'number', 'num'])

export function normalizeStreetAddress(street: string): string {
  const words = street
    .toLowerCase()
    // "#4" is a unit marker too; keep the number apart from it.
    .replace(/#/g, ' # ')
    .replace(/[^a-z0-9#\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
  return words
    .map((word) => {
      if (word === '#' || UNIT_MARKERS.has(word)) return '#'
      return SUFFIXES[word] ?? DIRECTIONS[word] ?? word
    })
    .filter((word, index, all) => !(word === '#' && all[index - 1] === '#'))
    .join(' ')
}

/** The key two listings of one property share: normalised street plus ZIP. */
export function normalizedAddressKey(street: string, zipCode: string): string {
  return `${normalizeStreetAddress(street)}|${zipCode.trim()}`
}
