import type { InputHTMLAttributes } from 'react'
import { Controller, useFormContext, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { CheckboxGroup, type Option } from '@/components/form/choices'
import { listError } from '@/components/form/list-error'
import { Field, SelectInput, TextInput } from '../form/field'
import type { DealFormState } from '../form-values'

type TextName = {
  [K in keyof DealFormState]: DealFormState[K] extends string ? K : never
}[keyof DealFormState]
type ListName = 'traditionalFinancing' | 'restrictions'

/** The choice in each list that rules out every other one ("no restrictions", "cash only"). */
const ALONE: Record<ListName, string> = { restrictions: 'none', traditionalFinancing: 'cash-only' }

/**
 * The list after a box was ticked or unticked (`next`, from `previous`): ticking the choice that stands alone
 * clears the others, and ticking another clears it.
 */
function withLoneChoice(previous: readonly string[], next: string[], alone: string): string[] {
  const added = next.find((value) => !previous.includes(value))
  if (added === undefined) return next
  return added === alone ? [alone] : next.filter((value) => value !== alone)
}

const messageOf = (error: unknown) => (error as FieldError | undefined)?.message

/** A labelled text box bound to the form; amounts take the numeric keyboard and may be typed "$250,000". */
export function TextBox({
  name,
  hint,
  required,
  kind = 'text',
  className,
}: {
  name: TextName
  hint?: string
  required?: boolean
  kind?: 'text' | 'amount' | 'decimal' | 'date'
  className?: string
}) {
  const { t } = useTranslation('dealForm')
  const { register, formState } = useFormContext<DealFormState>()
  const extra: InputHTMLAttributes<HTMLInputElement> =
    kind === 'date'
      ? { type: 'date' }
      : kind === 'amount' || kind === 'decimal'
        ? { inputMode: 'decimal', autoComplete: 'off' }
        : {}
  return (
    <Field
      label={t(`fields.${name}`)}
      hint={hint}
      required={required}
      error={messageOf(formState.errors[name])}
      className={className}
    >
      {(props) => <TextInput {...props} {...extra} {...register(name)} />}
    </Field>
  )
}

/** A select over a list of values; `placeholder` adds a blank first choice. */
export function SelectBox({
  name,
  options,
  placeholder,
  required,
  hint,
}: {
  name: TextName | 'lotSizeUnit' | 'solar' | 'parking'
  options: readonly Option<string>[]
  placeholder?: string
  required?: boolean
  hint?: string
}) {
  const { t } = useTranslation('dealForm')
  const { register, formState } = useFormContext<DealFormState>()
  return (
    <Field label={t(`fields.${name}`)} required={required} hint={hint} error={messageOf(formState.errors[name])}>
      {(props) => (
        <SelectInput {...props} {...register(name)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectInput>
      )}
    </Field>
  )
}

/** Several choices out of a list of values (financing, restrictions), one of which stands alone. */
export function ListBox({ name, options }: { name: ListName; options: readonly Option<string>[] }) {
  const { t } = useTranslation('dealForm')
  const { control, formState } = useFormContext<DealFormState>()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CheckboxGroup
          legend={t(`fields.${name}`)}
          options={options}
          value={field.value as string[]}
          onChange={(next) => field.onChange(withLoneChoice(field.value as string[], next, ALONE[name]))}
          error={listError(formState.errors[name])}
          columns={2}
        />
      )}
    />
  )
}
