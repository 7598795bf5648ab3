import { useSyncExternalStore } from 'react'
import * as ToastPrimitive from '@radix-ui/react-toast'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { TOAST_DURATION_MS, activeToast, dismissToast, subscribeToToasts } from '@/lib/toast'

/** Radix's toast renderer; toast.tsx loads it after the first paint (or with the first toast). */
export function ToasterView() {
  const { t } = useTranslation()
  const current = useSyncExternalStore(subscribeToToasts, activeToast, () => null)
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label={t('toast.label')}>
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismissToast(current.id)}
          className={clsx(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-[toast-in_150ms_ease-out]',
            current.variant === 'destructive'
              ? 'border-red-300 bg-red-50 text-red-900'
              : current.variant === 'success'
                ? 'border-brand-200 bg-brand-50 text-brand-900'
                : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="text-sm">{current.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={t('toast.close')}
            className="absolute top-2 right-2 rounded p-1 text-current/70 hover:bg-black/5 hover:text-current"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        label={t('toast.region')}
        // At the top, under the header (4rem), centred: a form's Save and the chat's Send sit at the bottom,
        // where a toast covered them (on a phone the whole width of the form).
        className="fixed top-16 left-1/2 z-[100] m-0 flex w-full max-w-sm -translate-x-1/2 list-none flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  )
}
