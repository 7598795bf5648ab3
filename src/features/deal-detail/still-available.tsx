import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call } from '@/api/call'
import { isApiError } from '@/api/errors'
import { keyFor } from '@/api/queries'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { endpoints, type Deal } from '@/contract'

/**
 * On the seller's own stale listing: buyers see "Not updated in N days"; "Still available" confirms it (a new
 * stale period begins), as the reminder mail's one-click link does.
 */
export function StillAvailable({ deal }: { deal: Deal }) {
  const { t } = useTranslation('dealDetail')
  const queryClient = useQueryClient()
  const confirm = useMutation({
    mutationFn: () => call(endpoints.confirmListing, { params: { id: deal.id } }),
    onSuccess: () => {
      toast({ title: t('freshness.confirmed'), variant: 'success' })
      void queryClient.invalidateQueries({ queryKey: keyFor(endpoints.getDeal, { params: { id: deal.id } }) })
    },
    onError: (error) =>
      toast({
        title: t('freshness.failed'),
        description: isApiError(error) && error.status < 500 ? error.message : undefined,
        variant: 'destructive',
      }),
  })
  if (deal.staleDays === null) return null
  return (
    <section
      aria-labelledby="still-available-title"
      className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm sm:p-5"
    >
      <h2 id="still-available-title" className="text-base font-semibold text-slate-900">
        {t('freshness.title')}
      </h2>
      <p className="text-slate-800">{t('freshness.description', { count: deal.staleDays })}</p>
      <div>
        <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
          {t('freshness.stillAvailable')}
        </Button>
      </div>
    </section>
  )
}
