/** Saved searches (issue 25): "Save search" on /deals and the list beside the buy box. */
export { SaveSearchButton } from './save-search-dialog'
export { SavedSearchesSection } from './saved-searches-section'
