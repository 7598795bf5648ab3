import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

/** The button at the foot of a section that saves it, saying so while the request runs. */
export function SaveButton({
  isSaving,
  disabled = false,
  label,
  savingLabel,
  onClick,
}: {
  isSaving: boolean
  /** Off for another reason than saving (nothing changed, details missing). */
  disabled?: boolean
  /** "Save changes" unless said. */
  label?: string
  /** "Saving…" unless said. */
  savingLabel?: string
  /** Saves without a form; without it the button submits its form. */
  onClick?: () => void
}) {
  const { t } = useTranslation('profile')
  return (
    <div>
      <Button type={onClick ? 'button' : 'submit'} onClick={onClick} disabled={isSaving || disabled}>
        {isSaving ? (savingLabel ?? t('form.saving')) : (label ?? t('form.save'))}
      </Button>
    </div>
  )
}
