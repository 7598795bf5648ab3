import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { isApiError } from '@/api/errors'
import { emailField, type Role } from '@/contract'
import { Button } from '@/components/ui/button'
import { Field, SelectInput, TextInput } from '@/components/ui/field'
import { toast } from '@/components/ui/toast'
import { useCreateInvitations } from './api'

/** The contract allows 100 per call; the server's configured batch limit may be lower and says so on `count`. */
const MAX_COUNT = 100

const formSchema = (roles: Role[]) =>
  z
    .object({
      role: z.string().pipe(z.enum(roles as [Role, ...Role[]], { error: 'signup:invitations.form.roleRequired' })),
      count: z
        .string()
        .pipe(
          z.coerce
            .number<string>({ error: 'validation:expectedNumber' })
            .int({ error: 'validation:expectedInteger' })
            .min(1, { error: 'signup:invitations.form.countMin' })
            .max(MAX_COUNT, { error: 'signup:invitations.form.countMax' }),
        ),
      email: z.union([z.literal(''), emailField]).transform((value) => value || undefined),
    })
    .refine((value) => !value.email || value.count === 1, {
      path: ['count'],
      error: 'signup:invitations.form.emailSingle',
    })

type FormValues = { role: string; count: string; email: string }
const FIELDS = ['role', 'count', 'email'] as const

/** Generates a batch of invitation links for one of the roles the user may hand out. */
export function CreateInvitationsForm({ roles }: { roles: Role[] }) {
  const { t } = useTranslation('signup')
  const schema = useMemo(() => formSchema(roles), [roles])
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { role: roles[0] ?? '', count: '1', email: '' },
  })

  const create = useCreateInvitations({
    onSuccess: (created) => {
      resetField('email')
      toast({ title: t('invitations.created', { count: created.length }), variant: 'success' })
    },
    onError: (error) => {
      const fields = isApiError(error) ? (error.fields ?? {}) : {}
      for (const name of FIELDS) {
        if (fields[name]) setError(name, { type: 'server', message: fields[name] }, { shouldFocus: true })
      }
      toast({
        title: t('invitations.generateFailed'),
        description: isApiError(error) && error.errorBody ? error.message : t('invitations.tryAgain'),
        variant: 'destructive',
      })
    },
  })

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => create.mutate(values))}
      aria-labelledby="create-invitations-heading"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h3 id="create-invitations-heading" className="text-base font-semibold text-slate-900">
        {t('invitations.form.title')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field label={t('invitations.form.role')} error={errors.role?.message}>
          {(control) => (
            <SelectInput {...control} {...register('role')}>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
        <Field label={t('invitations.form.count')} error={errors.count?.message}>
          {(control) => (
            <TextInput
              {...control}
              controlSize="lg"
              {...register('count')}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_COUNT}
            />
          )}
        </Field>
      </div>
      <Field label={t('invitations.form.email')} hint={t('invitations.form.emailHint')} error={errors.email?.message}>
        {(control) => <TextInput {...control} {...register('email')} type="email" autoComplete="off" />}
      </Field>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('invitations.form.submitting') : t('invitations.form.submit')}
        </Button>
      </div>
    </form>
  )
}
