import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { useAuth } from '@/auth'
import { toast } from '@/lib/toast'
import { SUPPORTED_LANGUAGES, isSupportedLanguage, type SupportedLanguage } from './config'
import { useUpdateLanguage } from './use-update-language'

/**
 * The language selector (120px, spec §2). The page switches at once; a signed-in user's choice is also
 * saved on the server, with a toast either way (spec §8).
 */
export function LanguageSwitcher({ className, tone = 'light' }: { className?: string; tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation()
  const { status } = useAuth()
  const updateLanguage = useUpdateLanguage({
    onSaved: (next) => {
      const tNext = i18n.getFixedT(next)
      toast({
        title: tNext('language.updatedTitle'),
        description: tNext('language.updatedDescription', { language: tNext(`language.names.${next}`) }),
        variant: 'success',
      })
    },
    onFailed: (next) => {
      const tNext = i18n.getFixedT(next)
      toast({
        title: tNext('language.errorTitle'),
        description: tNext('language.errorDescription'),
        variant: 'destructive',
      })
    },
  })
  const id = useId()
  const current = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2)

  async function change(next: SupportedLanguage) {
    await i18n.changeLanguage(next)
    if (status === 'authenticated') updateLanguage.mutate(next)
  }

  return (
    <div className={clsx('w-[120px]', className)}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          if (isSupportedLanguage(event.target.value)) void change(event.target.value)
        }}
        className={clsx(
          'h-9 w-[120px] rounded-md border px-2 text-sm',
          tone === 'dark' ? 'border-slate-600 bg-slate-800 text-white' : 'border-slate-300 bg-white text-slate-900',
        )}
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`language.names.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  )
}
