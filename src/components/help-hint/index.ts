export { HelpHint, HeadingWithHelpHint, WithHelpHint, helpArticleQuery } from './help-hint'
export { HELP_ENTRY_POINTS, HELP_ENTRY_POINT_IDS, type HelpEntryPoint, type HelpEntryPointId } from './entry-points'
