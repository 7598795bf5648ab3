import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { call } from '@/api/call'
import { isApiError } from '@/api/errors'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { usePageTitle } from '@/components/page-title'
import { endpoints } from '@/contract'

/**
 * `/listing-confirm?token=…`: the reminder mail's one-click "Still available", signed in or out (the token
 * names the listing). Nothing happens until the seller presses the button (a mail scanner opening the link
 * confirms nothing).
 */
export function ListingConfirmPage() {
  const { t } = useTranslation('dealDetail')
  usePageTitle(t('freshness.confirmPage.title'))
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const confirm = useMutation({ mutationFn: () => call(endpoints.confirmListingByToken, { body: { token } }) })
  const failure = confirm.isError
    ? isApiError(confirm.error) && confirm.error.status < 500
      ? confirm.error.message
      : t('freshness.failed')
    : !token
      ? t('freshness.confirmPage.missingToken')
      : undefined

  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('freshness.confirmPage.title')}</h1>
      {confirm.isSuccess ? (
        <div className="grid gap-3">
          <p role="status" className="text-slate-800">
            {t('freshness.confirmPage.done')}
          </p>
          <Link
            to={`/deals/${encodeURIComponent(confirm.data.dealId)}`}
            className="font-medium text-brand-800 underline"
          >
            {t('freshness.confirmPage.open')}
          </Link>
        </div>
      ) : (
        <>
          <p className="text-slate-700">{t('freshness.confirmPage.description')}</p>
          <FormAlert>{failure}</FormAlert>
          <div>
            <Button onClick={() => confirm.mutate()} disabled={!token || confirm.isPending}>
              {t('freshness.confirmPage.button')}
            </Button>
          </div>
        </>
      )}
    </div>
  )
}
