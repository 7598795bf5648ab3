import { useMutation, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { call } from '@/api/call'
import { isApiError } from '@/api/errors'
import { queryFor } from '@/api/queries'
import { endpoints, type UnsubscribeTarget } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

/** "deal alerts by e-mail", or "“Phoenix cash” alerts by text message": what the link turns off, in words. */
function useWhat() {
  const { t } = useTranslation()
  return (target: UnsubscribeTarget) => {
    const channel = t(`unsubscribe.channel.${target.channel}`)
    return target.savedSearchName
      ? t('unsubscribe.whatSearch', { name: target.savedSearchName, channel })
      : t('unsubscribe.whatAlerts', { channel })
  }
}

/**
 * /unsubscribe?token=…: opened from an alert mail, signed in or not. It says what the link will stop, stops
 * it when the person confirms (the same one-click endpoint a mail client posts to), then says it is done.
 * A link that is not valid gets the server's message.
 */
export function UnsubscribePage() {
  const { t } = useTranslation()
  usePageTitle(t('unsubscribe.title'))
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const what = useWhat()
  const target = useQuery({
    ...queryFor(endpoints.unsubscribeTarget, { query: { token } }),
    enabled: token !== '',
    retry: false,
  })
  const confirm = useMutation({ mutationFn: () => call(endpoints.unsubscribe, { query: { token }, body: {} }) })

  const failure = token === '' ? t('unsubscribe.noToken') : refusal(target.error ?? confirm.error)
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t('unsubscribe.title')}</h1>
      {failure ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          {failure}
        </p>
      ) : confirm.isSuccess ? (
        <div role="status" className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
          <p className="font-medium">{t('unsubscribe.done', { what: what(confirm.data) })}</p>
          <p className="mt-2 text-sm">
            {t('unsubscribe.changeLater')}{' '}
            <Link to="/profile" className="font-semibold text-brand-700 underline hover:text-brand-800">
              {t('unsubscribe.profileLink')}
            </Link>
          </p>
        </div>
      ) : target.isPending ? (
        <div className="mt-8 flex justify-center">
          <Spinner />
        </div>
      ) : target.isSuccess ? (
        <div className="mt-4">
          <p className="text-slate-700">{t('unsubscribe.question', { what: what(target.data) })}</p>
          <Button className="mt-4" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            {t('unsubscribe.confirm')}
          </Button>
        </div>
      ) : null}
    </div>
  )

  function refusal(error: unknown): string | null {
    if (!error) return null
    return isApiError(error) && error.status < 500 ? error.message : t('unsubscribe.failed')
  }
}
