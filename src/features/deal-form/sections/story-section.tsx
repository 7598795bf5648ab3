import { useId } from 'react'
import { Controller, useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { CREATIVE_AUTO_TAGS, DESCRIPTION_MIN, USER_TAGS, type DealTag } from '@/contract'
import { FormSection } from '@/components/form/form-section'
import { listError } from '@/components/form/list-error'
import { fieldMessage } from '@/components/form/messages'
import { useValueOptions } from '@/components/form/options'
import { Field, FieldError, inputClass } from '../form/field'
import type { DealFormState } from '../form-values'

const AUTO_TAGS: readonly DealTag[] = CREATIVE_AUTO_TAGS

/** The seller's story of the deal, with a count of what was typed against the minimum. */
export function StorySection() {
  const { t } = useTranslation('dealForm')
  const { register, control, formState } = useFormContext<DealFormState>()
  const description = useWatch({ control, name: 'dealDescription' })
  const length = description.trim().length
  return (
    <FormSection title={t('sections.story')}>
      <Field
        label={t('fields.dealDescription')}
        required
        hint={t('hints.description', { count: length, minimum: DESCRIPTION_MIN })}
        error={formState.errors.dealDescription?.message}
      >
        {(props) => (
          <textarea {...props} rows={6} className={inputClass('h-auto py-2')} {...register('dealDescription')} />
        )}
      </Field>
    </FormSection>
  )
}

/** Tags as checkbox chips; creative listings carry the automatic ones, shown checked and fixed. */
export function TagsSection() {
  const { t } = useTranslation('dealForm')
  const { control, formState } = useFormContext<DealFormState>()
  const category = useWatch({ control, name: 'dealCategory' })
  const options = useValueOptions('tags', USER_TAGS)
  const id = useId()
  const message = fieldMessage(t, listError(formState.errors.tags))
  return (
    <FormSection title={t('sections.tags')}>
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <fieldset className="grid gap-2" aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}>
            <legend className="mb-1 text-sm font-medium text-slate-900">
              {t('fields.tags')}
              <span className="text-red-700"> *</span>
              <span className="sr-only"> {t('form.required')}</span>
            </legend>
            <p id={`${id}-hint`} className="-mt-1 text-xs text-slate-600">
              {category === 'creative' ? t('hints.tagsCreative') : t('hints.tags')}
            </p>
            <div className="flex flex-wrap gap-2">
              {options.map((option, index) => {
                const isAuto = category === 'creative' && AUTO_TAGS.includes(option.value)
                const checked = isAuto || field.value.includes(option.value)
                return (
                  <label
                    key={option.value}
                    className={clsx(
                      'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm',
                      'has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
                      checked ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 text-slate-800',
                      isAuto && 'cursor-default opacity-80',
                    )}
                  >
                    <input
                      type="checkbox"
                      ref={index === 0 ? field.ref : undefined}
                      className="size-4 accent-brand-700"
                      checked={checked}
                      disabled={isAuto}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...field.value, option.value]
                            : field.value.filter((tag) => tag !== option.value),
                        )
                      }
                    />
                    {option.label}
                    {isAuto && <span className="text-xs text-slate-600">({t('form.automatic')})</span>}
                  </label>
                )
              })}
            </div>
            <FieldError id={`${id}-error`} message={message} />
          </fieldset>
        )}
      />
    </FormSection>
  )
}
