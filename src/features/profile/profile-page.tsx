import { useCallback, useEffect, useState } from 'react'
import * as Tabs from '@radix-ui/react-tabs'
import { Link, Navigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { hasRole, useSignedInUser } from '@/auth'
import { CertifiedBadge } from '@/components/ui/certified-badge'
import { usePageTitle } from '@/components/page-title'
import type { User } from '@/contract'
import { InvitationsPanel } from '@/features/invitations'
import { IncompletePrompt } from './incomplete-prompt'
import { roleTab, visibleTabs, type ProfileTab } from './tabs'
import { BuyBoxTab } from './tabs/buy-box-tab'
import { CompanyTab } from './tabs/company-tab'
import { IntegrationsTab } from './tabs/integrations-tab'
import { PreferencesTab } from './tabs/preferences/preferences-tab'
import { ProfileTab as ProfileDetailsTab } from './tabs/profile-tab'
import { RolesTab } from './tabs/roles-tab'
import { SecurityTab } from './tabs/security-tab'
import { SellerPreferencesTab } from './tabs/seller-preferences-tab'

const PANELS: Record<ProfileTab, (props: { user: User }) => React.ReactNode> = {
  profile: ProfileDetailsTab,
  buybox: BuyBoxTab,
  preferences: PreferencesTab,
  'seller-preferences': SellerPreferencesTab,
  company: CompanyTab,
  security: SecurityTab,
  roles: RolesTab,
  invitations: InvitationsPanel,
  integrations: IntegrationsTab,
}

type ScrollHint = 'start' | 'end' | 'both'

/** The edge(s) with more tabs beyond fade out, so a phone shows the strip scrolls instead of a cut word. */
const FADES: Record<ScrollHint, string> = {
  end: 'linear-gradient(to right, #000 calc(100% - 3rem), transparent)',
  start: 'linear-gradient(to left, #000 calc(100% - 3rem), transparent)',
  both: 'linear-gradient(to right, transparent, #000 3rem, #000 calc(100% - 3rem), transparent)',
}

/** Which ends of a horizontally scrolling element have more to show; follows scrolling and resizing. */
function useScrollHint() {
  const [element, setElement] = useState<HTMLElement | null>(null)
  const [hint, setHint] = useState<ScrollHint | undefined>()
  const update = useCallback(() => {
    if (!element) return
    const before = element.scrollLeft > 1
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1
    setHint(before && after ? 'both' : before ? 'start' : after ? 'end' : undefined)
  }, [element])
  useEffect(() => {
    // The observer also reports once when it starts, which sets the first hint.
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(update)
    observer.observe(element)
    return () => observer.disconnect()
  }, [element, update])
  return { attach: setElement, update, hint }
}

/** `/profile`: the account's tabs, chosen by `?tab=` (the URL is the source of truth). */
export function ProfilePage() {
  const { t } = useTranslation('profile')
  const user = useSignedInUser()
  usePageTitle(t('page.title'))
  return <ProfileTabs user={user} />
}

function ProfileTabs({ user }: { user: User }) {
  const { t } = useTranslation('profile')
  const [params, setParams] = useSearchParams()
  const tabs = visibleTabs(user)
  const requested = params.get('tab')
  const { attach: attachStrip, update: updateStrip, hint: stripHint } = useScrollHint()

  const hrefFor = (tab: ProfileTab) => {
    const next = new URLSearchParams(params)
    next.set('tab', tab)
    return `/profile?${next.toString()}`
  }
  // No tab: a complete profile opens on its details (an incomplete one was already sent to its role tab).
  const current = requested === null ? 'profile' : tabs.find((tab) => tab === requested)
  if (!current) return <Navigate to={hrefFor(roleTab(user))} replace />

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('page.title')}</h1>
          {user.certifiedBuyer && <CertifiedBadge label={t('page.certified')} />}
        </div>
        <p className="text-sm text-slate-600">{t('page.subtitle')}</p>
        {!user.certifiedBuyer && hasRole(user, 'buyer') && (
          <Link to="/training" className="justify-self-start text-sm font-semibold text-brand-700 underline">
            {t('page.training')}
          </Link>
        )}
      </div>
      <IncompletePrompt user={user} hrefFor={hrefFor} />
      <Tabs.Root
        value={current}
        onValueChange={(tab) =>
          setParams((previous) => {
            const next = new URLSearchParams(previous)
            next.set('tab', tab)
            return next
          })
        }
        activationMode="manual"
        className="grid gap-6"
      >
        <Tabs.List
          ref={attachStrip}
          onScroll={updateStrip}
          data-scroll-hint={stripHint}
          style={stripHint ? { maskImage: FADES[stripHint], WebkitMaskImage: FADES[stripHint] } : undefined}
          aria-label={t('page.tabsLabel')}
          className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0"
        >
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
            >
              {t(`tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => {
          const Panel = PANELS[tab]
          return (
            <Tabs.Content key={tab} value={tab} className="focus-visible:outline-2">
              <Panel user={user} />
            </Tabs.Content>
          )
        })}
      </Tabs.Root>
    </div>
  )
}
