type Scalar = string | number | boolean | Date
export type QueryValue = Scalar | null | undefined | readonly (Scalar | null | undefined)[]
export type QueryParams = Record<string, QueryValue>

const encode = (value: Scalar) => (value instanceof Date ? value.toISOString() : String(value))

/** Object → `?a=1&tag=x&tag=y`: arrays repeat their key, null and undefined are skipped (spec §7). */
export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue
    if (Array.isArray(value)) {
      for (const item of value as readonly (Scalar | null | undefined)[]) {
        if (item !== null && item !== undefined) search.append(key, encode(item))
      }
    } else {
      search.append(key, encode(value as Scalar))
    }
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/**
 * `?a=1&tag=x&tag=y` → `{ a: '1', tag: ['x', 'y'] }`, the shape a query schema reads (as the server's
 * parser gives it): a key once is its text, a repeated key the list of its texts.
 */
export function fromSearchParams(params: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    result[key] = values.length > 1 ? values : values[0]!
  }
  return result
}
