import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { US_STATE_CODES } from '@/contract'
import type { Option } from './choices'

/** Options of one list of values, labelled from the `values` namespace (`values:<list>.<value>`). */
export function useValueOptions<T extends string>(list: string, values: readonly T[]): Option<T>[] {
  // react-i18next gives a new `t` when the language changes, so the labels follow it.
  const { t } = useTranslation('values')
  return useMemo(() => values.map((value) => ({ value, label: t(`${list}.${value}`) })), [t, list, values])
}

/** US states and territories by name in the current language, alphabetically. */
export function useStateOptions() {
  const options = useValueOptions('usStates', US_STATE_CODES)
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  return useMemo(() => [...options].sort((a, b) => a.label.localeCompare(b.label, language)), [options, language])
}
