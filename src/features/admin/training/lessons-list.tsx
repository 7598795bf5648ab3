import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { queryFor } from '@/api/queries'
import { isApiError } from '@/api/errors'
import { endpoints, type AdminLessonSummary } from '@/contract'
import { Button, ButtonLink } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { useLessonWrites } from './training-admin-api'

type RowAction = 'up' | 'down' | 'publish'
const controlId = (id: string, action: RowAction) => `lesson-${id}-${action}`

/** A lesson's title in the reader's language, else the other one, else its address. */
export function lessonTitle(lesson: Pick<AdminLessonSummary, 'id' | 'titleEn' | 'titleEs'>, language?: string) {
  const spanish = language?.startsWith('es')
  return (spanish ? lesson.titleEs || lesson.titleEn : lesson.titleEn || lesson.titleEs) || lesson.id
}

/**
 * Admin → Training: the course in order, each lesson's state (published or draft, which languages are
 * complete, buyers who passed), moved up and down and published from here. Every control is a button or a
 * link; after a move, focus stays on the moved lesson's control.
 */
export function LessonsList() {
  const { t, i18n } = useTranslation('admin')
  const list = useQuery(queryFor(endpoints.adminTrainingLessons))
  const { move, publish } = useLessonWrites()
  const [focusAfter, setFocusAfter] = useState<{ id: string; action: RowAction } | null>(null)

  useEffect(() => {
    if (!focusAfter) return
    const wanted = document.getElementById(controlId(focusAfter.id, focusAfter.action)) as HTMLButtonElement | null
    const target = wanted && !wanted.disabled ? wanted : document.getElementById(controlId(focusAfter.id, 'publish'))
    target?.focus()
  }, [focusAfter, list.data])

  if (list.isPending) return <Spinner />
  if (list.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
        <p className="font-medium">{t('training.loadFailed')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
          {t('retry')}
        </Button>
      </div>
    )
  }
  const lessons = list.data.lessons

  const moveTo = (lesson: AdminLessonSummary, position: number, action: RowAction) =>
    move.mutate(
      { id: lesson.id, position },
      {
        onSuccess: () => setFocusAfter({ id: lesson.id, action }),
        onError: () => toast({ title: t('training.moveFailed'), variant: 'destructive' }),
      },
    )

  const togglePublished = (lesson: AdminLessonSummary) =>
    publish.mutate(
      { id: lesson.id, published: !lesson.published },
      {
        onSuccess: (saved) => {
          setFocusAfter({ id: lesson.id, action: 'publish' })
          const title = lessonTitle(saved, i18n.resolvedLanguage)
          toast({ title: t(saved.published ? 'training.publishedToast' : 'training.unpublishedToast', { title }) })
        },
        onError: (error) =>
          toast({
            title: t('training.publishFailed'),
            description: isApiError(error) && error.status < 500 ? error.message : undefined,
            variant: 'destructive',
          }),
      },
    )

  return (
    <section aria-labelledby="admin-training-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="admin-training-heading" className="text-xl font-semibold text-slate-900">
            {t('training.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('training.intro')}</p>
        </div>
        <ButtonLink to="/admin/training/new">{t('training.add')}</ButtonLink>
      </div>
      {lessons.length === 0 && <p className="mt-6 text-sm text-slate-700">{t('training.empty')}</p>}
      <ol className="mt-6 grid gap-3" aria-label={t('training.listLabel')}>
        {lessons.map((lesson, index) => {
          const title = lessonTitle(lesson, i18n.resolvedLanguage)
          const busy = move.isPending || publish.isPending
          return (
            <li key={lesson.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h3 className="font-semibold text-slate-900">
                  <span className="text-slate-600">{index + 1}.</span> {title}
                </h3>
                <span
                  className={
                    lesson.published
                      ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900'
                      : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800'
                  }
                >
                  {t(lesson.published ? 'training.published' : 'training.draft')}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {t('training.languages', {
                  en: t(lesson.complete.en ? 'training.complete' : 'training.incomplete'),
                  es: t(lesson.complete.es ? 'training.complete' : 'training.incomplete'),
                })}
                {' · '}
                {t('training.questions', { count: lesson.questions })}
                {' · '}
                {t('training.passed', { count: lesson.passed })}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  id={controlId(lesson.id, 'up')}
                  variant="secondary"
                  size="sm"
                  disabled={index === 0 || busy}
                  aria-label={t('training.moveUpLabel', { title })}
                  onClick={() => moveTo(lesson, index - 1, 'up')}
                >
                  <span aria-hidden="true">↑</span> {t('training.moveUp')}
                </Button>
                <Button
                  id={controlId(lesson.id, 'down')}
                  variant="secondary"
                  size="sm"
                  disabled={index === lessons.length - 1 || busy}
                  aria-label={t('training.moveDownLabel', { title })}
                  onClick={() => moveTo(lesson, index + 1, 'down')}
                >
                  <span aria-hidden="true">↓</span> {t('training.moveDown')}
                </Button>
                <ButtonLink
                  to={`/admin/training/${lesson.id}`}
                  variant="secondary"
                  size="sm"
                  aria-label={t('training.editLabel', { title })}
                >
                  {t('training.edit')}
                </ButtonLink>
                <Button
                  id={controlId(lesson.id, 'publish')}
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  aria-label={t(lesson.published ? 'training.unpublishLabel' : 'training.publishLabel', { title })}
                  onClick={() => togglePublished(lesson)}
                >
                  {t(lesson.published ? 'training.unpublish' : 'training.publish')}
                </Button>
              </div>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
