import type { TFunction } from 'i18next'
import type { z } from 'zod'

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
      return ['invalidEnum', { options: issue.values.map(String).join(', ') }]
    default:
      return ['invalid', {}]
  }
}

/** Namespaces whose keys a field message may name; anything else is text the server already translated. */
const KEY_PREFIXES = ['validation:', 'dealForm:']

/** Turns a field error's message (a key, a key with values, or the server's translated text) into copy. */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined
  if (!KEY_PREFIXES.some((prefix) => message.startsWith(prefix))) return message
  const [key = message, query = ''] = message.split('?')
  return t(key, Object.fromEntries(new URLSearchParams(query)))
}
