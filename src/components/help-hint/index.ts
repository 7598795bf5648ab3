export { HelpHint, HeadingWithHelpHint, WithHelpHint } from './help-hint'
export { helpArticleQuery } from './article-query'
export { HELP_ENTRY_POINTS, HELP_ENTRY_POINT_IDS, type HelpEntryPoint, type HelpEntryPointId } from './entry-points'
