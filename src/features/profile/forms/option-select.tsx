import { forwardRef } from 'react'
import { SelectInput, type SelectInputProps } from '@/components/ui/field'
import type { Option } from '@/components/form/choices'

/** A select of options after a first, empty choice ("No preference", "Choose a state", "Any"); works with `register`. */
export const OptionSelect = forwardRef<
  HTMLSelectElement,
  Omit<SelectInputProps, 'children'> & {
    options: readonly Option<string>[]
    /** What the empty choice says. */
    emptyLabel: string
  }
>(function OptionSelect({ options, emptyLabel, ...props }, ref) {
  return (
    <SelectInput ref={ref} {...props}>
      <option value="">{emptyLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectInput>
  )
})
