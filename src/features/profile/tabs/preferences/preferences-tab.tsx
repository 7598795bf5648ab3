import { useRef, useState, type FormEvent } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from '@/components/ui/toast'
import { hasRole } from '@/auth'
import type { Preferences, User } from '@/contract'
import { contractResolver } from '@/components/form/resolver'
import { SaveButton } from '../../forms/save-button'
import { usePreferences, useSavePreferences } from '../../profile-api'
import { reportSaveError } from '../../save-errors'
import { useFinishProfile } from '../../use-finish'
import { SectionLoading } from '../section-state'
import {
  ONBOARDING_STEPS,
  PREFERENCE_FIELDS,
  PreferencesFormSchema,
  preferencesValues,
  preparePreferences,
  type PreferencesOutput,
  type PreferencesValues,
} from './model'
import { BudgetSection, HomeDetailsSection, NeighborhoodSection, NotificationsSection } from './more-sections'
import { PreferencesOnboarding } from './onboarding'
import { WhatSection, WhereSection } from './where-what-sections'

/** Buyer preferences: a guided start the first time, every field grouped in sections after that. */
export function PreferencesTab({ user }: { user: User }) {
  const preferences = usePreferences()
  if (preferences.isPending || preferences.isError)
    return <SectionLoading isError={preferences.isError} onRetry={() => void preferences.refetch()} />
  // The guided start is for buyers setting up; an admin looking at the tab gets the plain form.
  return <PreferencesForm saved={preferences.data} firstTime={preferences.data === null && hasRole(user, 'buyer')} />
}

function PreferencesForm({ saved, firstTime }: { saved: Preferences | null; firstTime: boolean }) {
  const { t } = useTranslation('profile')
  const finish = useFinishProfile()
  const [guided, setGuided] = useState(firstTime)
  const [step, setStep] = useState(0)
  const fullFormHeading = useRef<HTMLHeadingElement>(null)
  const form = useForm<PreferencesValues, unknown, PreferencesOutput>({
    defaultValues: preferencesValues(saved),
    resolver: contractResolver(PreferencesFormSchema, preparePreferences),
  })
  const save = useSavePreferences({
    onError: (error) =>
      reportSaveError(error, {
        t,
        failure: 'preferencesUpdateFailed',
        setError: form.setError,
        fields: PREFERENCE_FIELDS,
      }),
  })

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutateAsync(values).then(
        (result) => {
          form.reset(preferencesValues(result))
          toast({ title: t('saved.title'), description: t('saved.preferences'), variant: 'success' })
          // The first save ends onboarding: on to where the person was going, or the listings.
          finish({ leave: firstTime })
        },
        () => undefined,
      ),
    // An error in a field the current step does not show (one typed earlier, then changed): show them all.
    (errors) => {
      const shown: readonly string[] = ONBOARDING_STEPS[step]?.fields ?? []
      if (Object.keys(errors).some((name) => !shown.includes(name))) setGuided(false)
    },
  )

  /** In the guide, Enter and "Next" check the step's own fields and move on; the last step saves. */
  async function submit(event: FormEvent<HTMLFormElement>) {
    const fields = ONBOARDING_STEPS[step]?.fields
    if (!guided || step >= ONBOARDING_STEPS.length - 1 || !fields) return onSubmit(event)
    event.preventDefault()
    if (await form.trigger([...fields])) setStep(step + 1)
  }

  function skip() {
    setGuided(false)
    // After the guide disappears, focus lands on the full form's heading.
    requestAnimationFrame(() => fullFormHeading.current?.focus())
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
        {guided ? (
          <PreferencesOnboarding
            index={step}
            onBack={() => setStep(step - 1)}
            onSkip={skip}
            isSaving={save.isPending}
          />
        ) : (
          <>
            <div className="grid gap-1">
              <h2
                ref={fullFormHeading}
                tabIndex={-1}
                className="text-lg font-semibold text-slate-900 focus:outline-none"
              >
                {t('preferences.title')}
              </h2>
              <p className="text-sm text-slate-600">
                {firstTime ? t('preferences.firstTimeDescription') : t('preferences.description')}
              </p>
            </div>
            <WhereSection />
            <WhatSection />
            <HomeDetailsSection />
            <NeighborhoodSection />
            <BudgetSection />
            <NotificationsSection />
            <SaveButton isSaving={save.isPending} label={t('preferences.save')} />
          </>
        )}
      </form>
    </FormProvider>
  )
}
