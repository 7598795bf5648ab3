import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { choiceLabelKeys } from '@/contract'
import { NAMESPACES } from '@/i18n/config'

type RawIssue = z.core.$ZodRawIssue

/*
 * Contract schemas name their own messages (`validation:<key>`); zod's built-in checks (an integer, a
 * minimum) do not. This error map gives those a `validation` key too, with the values the message
 * interpolates carried after a `?` (`validation:tooBigNumber?maximum=100`), so every message a form shows
 * is translated. It mirrors the keys the server picks for the same issues.
 */
export const formErrorMap = (issue: RawIssue): string => {
  const [key, params] = genericKey(issue)
  const query = new URLSearchParams(params).toString()
  return `validation:${key}${query ? `?${query}` : ''}`
}

const CHOICE_SEPARATOR = '|'

function genericKey(issue: RawIssue): [string, Record<string, string>] {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return ['required', {}]
      return [issue.expected === 'number' || issue.expected === 'nan' ? 'expectedNumber' : 'invalid', {}]
    case 'too_small': {
      if ((issue.origin === 'string' || issue.origin === 'array') && Number(issue.minimum) <= 1) return ['required', {}]
      const minimum = { minimum: String(issue.minimum) }
      if (issue.origin === 'string') return ['tooSmallString', minimum]
      if (issue.origin === 'array') return ['tooSmallArray', minimum]
      return [issue.inclusive === false ? 'tooSmallNumberExclusive' : 'tooSmallNumber', minimum]
    }
    case 'too_big': {
      const maximum = { maximum: String(issue.maximum) }
      if (issue.origin === 'string') return ['tooBigString', maximum]
      if (issue.origin === 'array') return ['tooBigArray', maximum]
      return [issue.inclusive === false ? 'tooBigNumberExclusive' : 'tooBigNumber', maximum]
    }
    case 'invalid_format':
      if (issue.format === 'email') return ['invalidEmail', {}]
      if (issue.format === 'url') return ['invalidUrl', {}]
      return ['invalidFormat', {}]
    case 'invalid_value':
      // Codes, not copy: fieldMessage names them by their labels in the language shown.
      return ['invalidEnum', { choices: issue.values.map(String).join(CHOICE_SEPARATOR) }]
    default:
      return ['invalid', {}]
  }
}

/**
 * A message key names a namespace and a key, with the values it interpolates after a `?`
 * (`validation:tooBigNumber?maximum=100`). Sentences have spaces, so a server sentence with a colon is
 * never read as a key.
 */
const MESSAGE_KEY = /^(\w+):[\w.]+(?:\?\S*)?$/

/**
 * Turns a form message into copy: a key of one of the app's namespaces (as the schemas and
 * `formErrorMap` leave them) is translated; anything else is text the server already translated.
 */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined
  const namespace = MESSAGE_KEY.exec(message)?.[1]
  if (!namespace || !(NAMESPACES as readonly string[]).includes(namespace)) return message
  const [key = message, query = ''] = message.split('?')
  const { choices, ...params } = Object.fromEntries(new URLSearchParams(query))
  if (choices !== undefined) {
    params.options = choiceLabelKeys(choices.split(CHOICE_SEPARATOR))
      .map((labelKey) => (labelKey.startsWith('values:') ? t(labelKey) : labelKey))
      .join(', ')
  }
  return t(key, params)
}

/** `fieldMessage` in the current language, for error lines that are not a `Field`'s own. */
export function useFieldMessage() {
  const { t } = useTranslation()
  return (message: string | undefined) => fieldMessage(t, message)
}
