import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/page-title'
import { FeedbackStepsView } from './feedback-steps'
import { useFeedbackSteps } from './feedback-state'
import { MyFeedbackList } from './my-feedback-list'

function FeedbackPageBody({ ownersClub }: { ownersClub: boolean }) {
  const { t } = useTranslation('feedback')
  const title = ownersClub ? t('page.ownersTitle') : t('page.title')
  usePageTitle(title)
  const steps = useFeedbackSteps()
  const page = ownersClub ? '/owners-feedback' : '/feedback'
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid content-start gap-4">
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          <p className="text-slate-700">{ownersClub ? t('page.ownersIntro') : t('page.intro')}</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <FeedbackStepsView steps={steps} page={page} ownersClub={ownersClub} />
        </div>
      </div>
      <MyFeedbackList />
    </div>
  )
}

/** `/feedback` (spec §2): the widget's form as a page, and the user's own past feedback with its status. */
export function FeedbackPage() {
  return <FeedbackPageBody ownersClub={false} />
}

/** `/owners-feedback`: the same for Owners Club members (sellers, owners, admins), marked for the admins. */
export function OwnersFeedbackPage() {
  return <FeedbackPageBody ownersClub />
}
