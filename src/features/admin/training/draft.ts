import type { AdminLesson, LessonInput, LessonQuestionInput } from '@/contract'

/** What the editor holds: the lesson as it will be saved, plus the slug of a new one. */
export type LessonDraft = LessonInput & { slug: string }
export type Lang = 'en' | 'es'
export const LANGS: readonly Lang[] = ['en', 'es']

const emptyOption = () => ({ text: '', why: '' })

export const emptyQuestion = (id: string): LessonQuestionInput => ({
  id,
  answer: 0,
  en: { prompt: '', options: [emptyOption(), emptyOption()] },
  es: { prompt: '', options: [emptyOption(), emptyOption()] },
})

export const emptyDraft = (): LessonDraft => ({
  slug: '',
  minutes: 5,
  videoUrl: null,
  en: { title: '', summary: '', body: '' },
  es: { title: '', summary: '', body: '' },
  quiz: [emptyQuestion('q1')],
})

export const draftOf = (lesson: AdminLesson): LessonDraft => ({
  slug: lesson.id,
  minutes: lesson.minutes,
  videoUrl: lesson.videoUrl,
  en: lesson.en,
  es: lesson.es,
  quiz: lesson.quiz,
})

/** A question id not used yet in the quiz (q1, q2…). */
export function nextQuestionId(quiz: readonly LessonQuestionInput[]): string {
  let n = quiz.length + 1
  while (quiz.some((question) => question.id === `q${n}`)) n += 1
  return `q${n}`
}

/** The body to send: a blank video link is none. */
export const inputOf = ({ slug: _slug, ...draft }: LessonDraft): LessonInput => ({
  ...draft,
  videoUrl: draft.videoUrl?.trim() ? draft.videoUrl.trim() : null,
})

/** The language a field path belongs to (`es.body`, `quiz.0.es.prompt`), if any. */
export function langOfPath(path: string): Lang | null {
  const match = /^(?:quiz\.\d+\.)?(en|es)\./.exec(path)
  return match ? (match[1] as Lang) : null
}
