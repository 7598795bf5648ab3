import { isRouteErrorResponse, useRouteError } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

/** Shown when a page fails to render or its code cannot load (e.g. after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation()
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <div role="alert" className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t(notFound ? 'notFound.title' : 'routeError.title')}</h1>
      <p className="text-slate-700">{t(notFound ? 'notFound.body' : 'routeError.body')}</p>
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
    </div>
  )
}
