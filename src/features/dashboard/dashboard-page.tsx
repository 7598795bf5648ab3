import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import * as Tabs from '@radix-ui/react-tabs'
import { useSignedInUser } from '@/auth'
import { usePageTitle } from '@/components/page-title'
import { BuyingMode } from './buying'
import { defaultModeFor, isDashboardMode, modesFor, rememberedMode, rememberMode, type DashboardMode } from './modes'
import { SellingMode } from './selling'

/**
 * `/dashboard` (spec §2): buying and selling mode tabs for a user with both sides (buyer and seller, or an
 * admin or owner, who have all features); one side only shows just its own mode, without tabs. The mode is
 * in the URL (`?mode=`) and the last choice is remembered per user, so the next visit opens on it.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard')
  usePageTitle(t('page.title'))
  const user = useSignedInUser()
  const [params, setParams] = useSearchParams()
  const modes = modesFor(user)
  const requested = params.get('mode')
  const mode: DashboardMode =
    isDashboardMode(requested) && modes.includes(requested)
      ? requested
      : (modes.find((each) => each === rememberedMode(user.id)) ?? defaultModeFor(modes))

  // A mode asked for by the URL (a shared link, the back button) is the latest choice too.
  useEffect(() => {
    if (modes.length > 1) rememberMode(user.id, mode)
  }, [mode, modes.length, user.id])

  const choose = (value: string) => {
    if (!isDashboardMode(value)) return
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        next.set('mode', value)
        return next
      },
      { replace: true },
    )
  }

  const subtitle =
    modes.length > 1
      ? t('page.subtitleBoth')
      : mode === 'selling'
        ? t('page.subtitleSelling')
        : t('page.subtitleBuying')
  const content = (shown: DashboardMode) => (shown === 'selling' ? <SellingMode userId={user.id} /> : <BuyingMode />)

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('page.title')}</h1>
        <p className="text-slate-700">{subtitle}</p>
      </div>
      {modes.length > 1 ? (
        <Tabs.Root value={mode} onValueChange={choose} className="grid gap-6">
          <Tabs.List
            aria-label={t('page.modesLabel')}
            className="inline-flex justify-self-start rounded-lg bg-slate-100 p-1"
          >
            {modes.map((each) => (
              <Tabs.Trigger
                key={each}
                value={each}
                className="rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
              >
                {t(`modes.${each}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {modes.map((each) => (
            <Tabs.Content key={each} value={each} className="focus-visible:outline-2">
              {content(each)}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        content(mode)
      )}
    </div>
  )
}
