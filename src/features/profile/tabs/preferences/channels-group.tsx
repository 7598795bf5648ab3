import { useState } from 'react'
import { useController, useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { NOTIFICATION_CHANNELS } from '@/contract'
import { CheckboxGroup } from '@/components/form/choices'
import { listError } from '@/components/form/list-error'
import { useValueOptions } from '@/components/form/options'
import { turnPushOff, turnPushOn } from '@/features/push'
import type { PreferencesValues } from './model'

type Channel = (typeof NOTIFICATION_CHANNELS)[number]
type PushNotice = 'denied' | 'unsupported' | 'failed'

/**
 * The buyer's alert channels. Ticking "push" asks this browser's permission and subscribes it first: refused,
 * impossible or failed, the box stays unticked and a message says why. Unticking it unsubscribes the browser.
 */
export function ChannelsGroup() {
  const { t } = useTranslation('profile')
  const { control } = useFormContext<PreferencesValues>()
  const { field, fieldState } = useController({ control, name: 'notificationChannels' })
  const options = useValueOptions('notificationChannels', NOTIFICATION_CHANNELS)
  const [notice, setNotice] = useState<PushNotice | null>(null)
  const [pending, setPending] = useState(false)
  const current = field.value as Channel[]

  async function change(next: Channel[]) {
    const adding = next.includes('push') && !current.includes('push')
    if (!adding) {
      if (current.includes('push') && !next.includes('push')) void turnPushOff().catch(() => undefined)
      setNotice(null)
      field.onChange(next)
      return
    }
    setPending(true)
    try {
      const outcome = await turnPushOn()
      if (outcome === 'on') field.onChange(next)
      setNotice(outcome === 'on' ? null : outcome)
    } catch {
      setNotice('failed')
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="grid gap-1" aria-busy={pending || undefined}>
      <CheckboxGroup
        legend={t('fields.notificationChannels')}
        options={options}
        value={current}
        onChange={(next) => void change(next)}
        error={listError(fieldState.error)}
        columns={3}
      />
      <p role="status" className="text-sm text-amber-800">
        {notice ? t(`preferences.push.${notice}`) : null}
      </p>
    </div>
  )
}
