import type { TFunction } from 'i18next'
import type { SavedSearchFilters } from '@/contract'

const money = (value: number) => `$${value.toLocaleString('en-US')}`

/**
 * A search's filters in words, most telling first: "Phoenix, AZ", "Subject-to", "$100,000–$300,000",
 * "3+ beds". The first parts name a new search; all of them describe a saved one.
 */
export function describeFilters(filters: Partial<SavedSearchFilters>, t: TFunction): string[] {
  const parts: string[] = []
  const place = [filters.city, filters.state].filter(Boolean).join(', ')
  if (place) parts.push(place)
  if (filters.zipCode) parts.push(filters.zipCode)
  if (filters.q) parts.push(`“${filters.q}”`)
  if (filters.dealCategory) parts.push(t(`values:dealCategories.${filters.dealCategory}`))
  for (const type of filters.purchaseType ?? []) parts.push(t(`values:purchaseTypes.${type}`))
  for (const type of filters.propertyType ?? []) parts.push(t(`values:propertyTypes.${type}`))
  const { minPrice, maxPrice } = filters
  if (minPrice !== undefined && maxPrice !== undefined) parts.push(`${money(minPrice)}–${money(maxPrice)}`)
  else if (minPrice !== undefined) parts.push(t('dealsBrowse:savedSearches.words.minPrice', { price: money(minPrice) }))
  else if (maxPrice !== undefined) parts.push(t('dealsBrowse:savedSearches.words.maxPrice', { price: money(maxPrice) }))
  if (filters.minBeds !== undefined) parts.push(t('dealsBrowse:savedSearches.words.beds', { count: filters.minBeds }))
  if (filters.minBaths !== undefined)
    parts.push(t('dealsBrowse:savedSearches.words.baths', { count: filters.minBaths }))
  for (const tag of filters.tags ?? []) parts.push(t(`values:tags.${tag}`))
  if (filters.radiusMiles !== undefined && filters.lat !== undefined && filters.lng !== undefined) {
    parts.push(t('dealsBrowse:savedSearches.words.radius', { miles: filters.radiusMiles }))
  }
  return parts
}

/** A name for a new search from its filters ("Phoenix, AZ · Subject-to"), within the 60 characters allowed. */
export function suggestedName(filters: Partial<SavedSearchFilters>, t: TFunction): string {
  const name = describeFilters(filters, t).slice(0, 3).join(' · ')
  return name.length > 60 ? `${name.slice(0, 59)}…` : name
}
