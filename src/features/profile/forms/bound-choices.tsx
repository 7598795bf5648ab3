import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import {
  CheckboxGroup as CheckboxGroupInput,
  RadioGroup as RadioGroupInput,
  type ChoiceGroupProps,
} from '@/components/form/choices'
import { listError } from '@/components/form/list-error'

/** A group bound to one field of a react-hook-form form; its error comes from that field. */
type BoundGroupProps<T extends string, TValues extends FieldValues, TTransformed> = Omit<
  ChoiceGroupProps<T>,
  'error'
> & {
  control: Control<TValues, unknown, TTransformed>
  name: FieldPath<TValues>
}

/** Several choices, any number of them: the field's value is the list of chosen options. */
export function CheckboxGroup<T extends string, TValues extends FieldValues, TTransformed>({
  control,
  name,
  ...props
}: BoundGroupProps<T, TValues, TTransformed>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <CheckboxGroupInput
      {...props}
      value={field.value as readonly T[]}
      onChange={field.onChange}
      // The list's own error (too many) or that of its first wrong item.
      error={listError(fieldState.error)}
    />
  )
}

/** One choice out of a few, as radio buttons; nothing chosen while the field is blank. */
export function RadioGroup<T extends string, TValues extends FieldValues, TTransformed>({
  control,
  name,
  ...props
}: BoundGroupProps<T, TValues, TTransformed>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <RadioGroupInput
      {...props}
      name={field.name}
      value={field.value as T | null | undefined}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  )
}
