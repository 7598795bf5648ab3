import { useEffect, type RefObject } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import { useBlocker } from 'react-router'
import { Button } from '@/components/ui/button'

/**
 * Asks before leaving the editor with unsaved changes: a dialog for a move inside the app, the browser's
 * own question for a reload or closing the tab. `bypass` lets a save that moves on (a new lesson's first
 * save goes to its address) leave without asking.
 */
export function UnsavedChangesGuard({ dirty, bypass }: { dirty: boolean; bypass: RefObject<boolean> }) {
  const { t } = useTranslation('admin')
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !bypass.current && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  return (
    <Dialog.Root open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.reset?.()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{t('training.leave.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">
            {t('training.leave.description')}
          </Dialog.Description>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => blocker.reset?.()}>
              {t('training.leave.stay')}
            </Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>
              {t('training.leave.leave')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
