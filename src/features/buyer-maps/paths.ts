/** Where a ZIP code's analytics are (public). */
export const zipAnalyticsPath = (zipCode: string) => `/zip/${encodeURIComponent(zipCode)}/analytics`
