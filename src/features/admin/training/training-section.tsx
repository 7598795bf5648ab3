import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, Route, Routes, useParams } from 'react-router'
import { isApiError } from '@/api/errors'
import { queryFor } from '@/api/queries'
import { endpoints } from '@/contract'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { LessonEditor } from './lesson-editor'
import { LessonsList } from './lessons-list'

/** Admin → Training: the list (/admin/training), a new lesson (/new) and a lesson's editor (/{slug}). */
export function TrainingSection() {
  return (
    <Routes>
      <Route index element={<LessonsList />} />
      <Route path="new" element={<EditorPage />} />
      <Route path=":id" element={<EditorPage />} />
    </Routes>
  )
}

function EditorPage() {
  const { t } = useTranslation('admin')
  const { id } = useParams()
  return (
    <div className="grid gap-4">
      <Link to="/admin/training" className="text-sm font-medium text-brand-800 underline underline-offset-2">
        <span aria-hidden="true">←</span> {t('training.back')}
      </Link>
      {id ? <ExistingLesson id={id} /> : <LessonEditor lesson={null} />}
    </div>
  )
}

function ExistingLesson({ id }: { id: string }) {
  const { t } = useTranslation('admin')
  const lesson = useQuery({
    ...queryFor(endpoints.adminTrainingLesson, { params: { id } }),
    refetchOnWindowFocus: false,
  })
  if (lesson.isPending) return <Spinner />
  if (lesson.isError) {
    const missing = isApiError(lesson.error) && lesson.error.status === 404
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
        <p className="font-medium">{missing ? lesson.error.message : t('training.loadLessonFailed')}</p>
        {!missing && (
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void lesson.refetch()}>
            {t('retry')}
          </Button>
        )}
      </div>
    )
  }
  // A fresh editor per lesson (its draft starts from what is saved).
  return <LessonEditor key={lesson.data.id} lesson={lesson.data} />
}
