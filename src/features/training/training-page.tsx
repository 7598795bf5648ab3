import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { passesRoleCheck, useSignedInUser } from '@/auth'
import { usePageTitle } from '@/components/page-title'
import { ButtonLink } from '@/components/ui/button'
import { CertifiedBadge } from '@/components/ui/certified-badge'
import { Spinner } from '@/components/ui/spinner'
import type { LessonStatus, TrainingOverview } from '@/contract'
import { TrainingAccessDenied } from './access-denied'
import { LoadFailed } from './load-failed'
import { useTrainingLang, useTrainingOverview } from './training-api'

/** /training: buyers only (others are refused on the page, as the server refuses them). */
export function TrainingPage() {
  const user = useSignedInUser()
  if (!passesRoleCheck(user, ['buyer'])) return <TrainingAccessDenied />
  return <Overview />
}

const STATUS_STYLE: Record<LessonStatus, string> = {
  passed: 'bg-emerald-100 text-emerald-900',
  in_progress: 'bg-amber-100 text-amber-900',
  not_started: 'bg-slate-100 text-slate-700',
}

/** The course: overall progress, the lesson to take next, every lesson in order with its status. */
function Overview() {
  const { t, i18n } = useTranslation('training')
  usePageTitle(t('title'))
  const lang = useTrainingLang()
  const overview = useTrainingOverview(lang)

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-semibold text-slate-900">{t('title')}</h1>
        <p className="text-slate-700">{t('intro')}</p>
      </div>
      {overview.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : overview.isError ? (
        <LoadFailed onRetry={() => void overview.refetch()} />
      ) : (
        <>
          {overview.data.certified ? <Certified at={overview.data.certifiedAt} locale={i18n.language} /> : null}
          <Progress overview={overview.data} />
          {overview.data.lessons.length === 0 ? (
            <p className="text-slate-700">{t('empty')}</p>
          ) : (
            <ol className="grid gap-3" aria-label={t('lessonsLabel')}>
              {overview.data.lessons.map((lesson, index) => (
                <li key={lesson.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 className="text-lg font-semibold text-slate-900">
                      <Link to={`/training/${encodeURIComponent(lesson.id)}`} className="hover:underline">
                        {t('lessonNumber', { number: index + 1 })} · {lesson.title}
                      </Link>
                    </h2>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[lesson.status]}`}>
                      {t(`status.${lesson.status}`)}
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-slate-700">{lesson.summary}</p>
                  <p className="mt-1 text-xs text-slate-600">{t('minutes', { count: lesson.minutes })}</p>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  )
}

function Progress({ overview }: { overview: TrainingOverview }) {
  const { t } = useTranslation('training')
  const { passed, total, nextLessonId } = overview
  const percent = total === 0 ? 0 : Math.round((passed / total) * 100)
  const text = t('progress.text', { passed, total })
  const started = overview.lessons.some((lesson) => lesson.status !== 'not_started')
  return (
    <section className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span id="training-progress-label" className="font-semibold text-slate-900">
          {t('progress.label')}
        </span>
        <span className="text-slate-700">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="training-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
      {nextLessonId && (
        <ButtonLink to={`/training/${encodeURIComponent(nextLessonId)}`} className="justify-self-start">
          {started ? t('continue') : t('start')}
        </ButtonLink>
      )}
    </section>
  )
}

function Certified({ at, locale }: { at: string | null; locale: string }) {
  const { t } = useTranslation('training')
  const date = at ? new Date(at).toLocaleDateString(locale, { dateStyle: 'long' }) : null
  return (
    <section
      className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4"
      aria-labelledby="certified-heading"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="certified-heading" className="text-lg font-semibold text-emerald-950">
          {t('certified.heading')}
        </h2>
        <CertifiedBadge label={t('certified.badge')} />
      </div>
      <p className="text-sm text-emerald-950">{date ? t('certified.bodyOn', { date }) : t('certified.body')}</p>
    </section>
  )
}
