import { Link, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { passesRoleCheck, useSignedInUser } from '@/auth'
import { Markdown } from '@/components/markdown/markdown'
import { usePageTitle } from '@/components/page-title'
import { Spinner } from '@/components/ui/spinner'
import type { Lesson } from '@/contract'
import { TrainingAccessDenied } from './access-denied'
import { LoadFailed } from './load-failed'
import { Quiz } from './quiz'
import { useLesson, useTrainingLang } from './training-api'

/** /training/:lessonId: the lesson's text, its video link, and its quiz (buyers only). */
export function LessonPage() {
  const user = useSignedInUser()
  if (!passesRoleCheck(user, ['buyer'])) return <TrainingAccessDenied />
  return <LessonView />
}

function LessonView() {
  const { t } = useTranslation('training')
  const { lessonId = '' } = useParams()
  const lang = useTrainingLang()
  const lesson = useLesson(lessonId, lang)
  usePageTitle(lesson.data?.title ?? t('title'))

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <Link to="/training" className="justify-self-start text-sm font-semibold text-brand-700 underline">
        {t('backToOverview')}
      </Link>
      {lesson.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : lesson.isError ? (
        isApiError(lesson.error) && lesson.error.status === 404 ? (
          <div className="grid gap-2">
            <h1 className="text-2xl font-semibold text-slate-900">{t('notFound.title')}</h1>
            <p className="text-slate-700">{t('notFound.body')}</p>
          </div>
        ) : (
          <LoadFailed onRetry={() => void lesson.refetch()} />
        )
      ) : (
        <LessonBody lesson={lesson.data} />
      )}
    </div>
  )
}

function LessonBody({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation('training')
  return (
    <article className="grid gap-6">
      <header className="grid gap-2">
        <p className="text-sm text-slate-600">{t('minutes', { count: lesson.minutes })}</p>
        <h1 className="text-3xl font-semibold text-slate-900">{lesson.title}</h1>
        <p className="text-lg text-slate-700">{lesson.summary}</p>
      </header>
      {lesson.videoUrl && (
        <p>
          <a
            href={lesson.videoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand-700 underline"
          >
            {t('video')}
          </a>
        </p>
      )}
      {/* A locked lesson can be read ahead; only its quiz waits for the earlier ones. */}
      <Markdown source={lesson.body} />
      {lesson.unlocked ? (
        // A fresh quiz state per lesson (its saved answers are where it starts).
        <Quiz key={lesson.id} lesson={lesson} />
      ) : (
        <div role="note" className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{t('locked.title')}</p>
          <p>{t('locked.body')}</p>
          <Link to="/training" className="font-semibold text-brand-800 underline">
            {t('locked.back')}
          </Link>
        </div>
      )}
    </article>
  )
}
