import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { hasRole } from '@/auth'
import type { User } from '@/contract'
import { useBuyBox, usePreferences, useSellerPreferences } from './profile-api'
import type { ProfileTab } from './tabs'

type Missing = { key: string; tab: ProfileTab }

/** What still keeps a profile incomplete, each with the tab that fixes it (the same rules as the server). */
export function missingItems(
  user: User,
  saved: { preferences?: boolean; sellerPreferences?: boolean; buyBox?: boolean },
): Missing[] {
  const items: Missing[] = []
  const blank = (value: string | null) => !value?.trim()
  if (blank(user.firstName) || blank(user.lastName)) items.push({ key: 'name', tab: 'profile' })
  if (blank(user.phoneNumber)) items.push({ key: 'phone', tab: 'profile' })
  if (hasRole(user, 'admin')) return items
  if (hasRole(user, 'buyer') && saved.preferences === false) items.push({ key: 'preferences', tab: 'preferences' })
  if (hasRole(user, 'originator') && saved.sellerPreferences === false)
    items.push({ key: 'sellerPreferences', tab: 'seller-preferences' })
  if (hasRole(user, 'owner') && saved.buyBox === false) items.push({ key: 'buyBox', tab: 'buybox' })
  return items
}

/** Shown at the top of /profile while the profile is incomplete: what is missing, and where to fix it. */
export function IncompletePrompt({ user, hrefFor }: { user: User; hrefFor: (tab: ProfileTab) => string }) {
  const { t } = useTranslation('profile')
  const incomplete = !user.profileComplete
  const admin = hasRole(user, 'admin')
  const preferences = usePreferences(incomplete && !admin && hasRole(user, 'buyer'))
  const seller = useSellerPreferences(incomplete && !admin && hasRole(user, 'originator'))
  const buyBox = useBuyBox(incomplete && !admin && hasRole(user, 'owner'))
  if (!incomplete) return null

  // Only a loaded answer counts: "not saved" is the server's null.
  const savedState = (query: { isSuccess: boolean; data?: unknown }) =>
    query.isSuccess ? query.data !== null : undefined
  const items = missingItems(user, {
    preferences: savedState(preferences),
    sellerPreferences: savedState(seller),
    buyBox: savedState(buyBox),
  })

  return (
    <section
      aria-labelledby="incomplete-title"
      className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5"
    >
      <h2 id="incomplete-title" className="font-semibold">
        {t('incomplete.title')}
      </h2>
      <p className="text-sm">{t('incomplete.body')}</p>
      {items.length > 0 && (
        <ul className="grid gap-1 text-sm">
          {items.map((item) => (
            <li key={item.key}>
              <Link to={hrefFor(item.tab)} className="font-semibold underline underline-offset-2 hover:text-amber-800">
                {t(`incomplete.items.${item.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
