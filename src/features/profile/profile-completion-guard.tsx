import { useEffect, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useAuth } from '@/auth'
import { toast } from '@/components/ui/toast'
import { profileGuardDecision } from './completion'

/**
 * Wraps every page: a signed-in non-admin whose profile is incomplete is sent to the tab of /profile that
 * completes it, with the "Complete Your Profile" toast (spec §4). The page they asked for is not rendered
 * meanwhile, so it fires no requests.
 */
export function ProfileCompletionGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('profile')
  const { status, user } = useAuth()
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const decision = status === 'authenticated' ? profileGuardDecision(user, { pathname, search }) : null
  const to = decision?.to
  const notify = decision?.notify ?? false

  useEffect(() => {
    if (!to) return
    if (notify) toast({ title: t('guard.title'), description: t('guard.description') })
    void navigate(to, { replace: true })
  }, [to, notify, navigate, t])

  return decision ? null : children
}
