import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useScreenshot } from './feedback-admin-api'

function ScreenshotImage({ id, sender }: { id: string; sender: string }) {
  const { t } = useTranslation('admin')
  const screenshot = useScreenshot(id, true)
  const url = screenshot.data
  if (screenshot.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('feedback.screenshotFailed')}
      </p>
    )
  }
  if (!url) return <Spinner label={t('feedback.screenshotLoading')} />
  return (
    <img
      src={url}
      alt={t('feedback.screenshotAlt', { name: sender })}
      className="mx-auto h-auto max-h-[70dvh] max-w-full rounded-md border border-slate-200 object-contain"
    />
  )
}

/** "View screenshot": the image in a dialog, fetched only when opened. */
export function ScreenshotViewer({ id, sender }: { id: string; sender: string }) {
  const { t } = useTranslation('admin')
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          {t('feedback.viewScreenshot')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[min(60rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{t('feedback.screenshotTitle')}</Dialog.Title>
          <ScreenshotImage id={id} sender={sender} />
          <div className="flex justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{t('feedback.close')}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
