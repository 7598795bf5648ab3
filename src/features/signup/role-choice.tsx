import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SelfServiceRoleSchema } from '@/contract'
import { FieldError } from '@/components/ui/field'

/** Buyer or seller, as two large radio cards (/requestAccess). */
export function RoleChoice({ register, error }: { register: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation('signup')
  const errorId = useId()
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-900">{t('request.roleLegend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {SelfServiceRoleSchema.options.map((role) => (
          <label
            key={role}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input type="radio" value={role} {...register} className="mt-1 size-4 accent-brand-700" />
            <span className="grid gap-0.5">
              <span className="text-sm font-semibold text-slate-900">{t(`request.roleOption.${role}.title`)}</span>
              <span className="text-xs text-slate-600">{t(`request.roleOption.${role}.body`)}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  )
}
