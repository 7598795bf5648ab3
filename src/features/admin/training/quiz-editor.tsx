import { useTranslation } from 'react-i18next'
import {
  LESSON_OPTION_MAX,
  LESSON_OPTIONS_MAX,
  LESSON_OPTIONS_MIN,
  LESSON_PROMPT_MAX,
  LESSON_QUESTIONS_MAX,
  LESSON_WHY_MAX,
  type LessonQuestionInput,
} from '@/contract'
import { Button } from '@/components/ui/button'
import { Field, TextInput } from '@/components/ui/field'
import { emptyQuestion, LANGS, nextQuestionId, type Lang } from './draft'

/**
 * The quiz in one language's tab. Its shape (questions, options, the right answer) is shared by both
 * languages, so adding or removing an option does it in both and options stay in the same order; the texts
 * are this language's, with the other language's as placeholders.
 */
export function QuizEditor({
  lang,
  quiz,
  errors,
  onChange,
}: {
  lang: Lang
  quiz: LessonQuestionInput[]
  errors: Record<string, string>
  onChange: (quiz: LessonQuestionInput[]) => void
}) {
  const { t } = useTranslation('admin')
  const other: Lang = lang === 'en' ? 'es' : 'en'
  const setQuestion = (index: number, question: LessonQuestionInput) =>
    onChange(quiz.map((current, at) => (at === index ? question : current)))
  const inBoth = (
    question: LessonQuestionInput,
    change: (texts: LessonQuestionInput['en']) => LessonQuestionInput['en'],
  ) => Object.fromEntries(LANGS.map((each) => [each, change(question[each])])) as Pick<LessonQuestionInput, Lang>

  return (
    <fieldset className="grid gap-4">
      <legend className="text-base font-semibold text-slate-900">{t('training.editor.quiz')}</legend>
      <p className="text-sm text-slate-700">{t('training.editor.quizIntro')}</p>
      {errors.quiz && <p className="text-sm font-medium text-red-700">{errors.quiz}</p>}
      {quiz.map((question, index) => {
        const number = index + 1
        const texts = question[lang]
        const setTexts = (next: LessonQuestionInput['en']) => setQuestion(index, { ...question, [lang]: next })
        return (
          <fieldset key={question.id} className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">
              {t('training.editor.question', { number })}
            </legend>
            <Field label={t('training.editor.prompt')} error={errors[`quiz.${index}.${lang}.prompt`]}>
              {(control) => (
                <TextInput
                  {...control}
                  value={texts.prompt}
                  maxLength={LESSON_PROMPT_MAX}
                  placeholder={question[other].prompt}
                  onChange={(event) => setTexts({ ...texts, prompt: event.target.value })}
                />
              )}
            </Field>
            {texts.options.map((option, optionIndex) => {
              const path = `quiz.${index}.${lang}.options.${optionIndex}`
              const letter = optionIndex + 1
              return (
                <div key={optionIndex} className="grid gap-2 rounded-md border border-slate-200 bg-white p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
                      <input
                        type="radio"
                        name={`answer-${question.id}-${lang}`}
                        checked={question.answer === optionIndex}
                        onChange={() => setQuestion(index, { ...question, answer: optionIndex })}
                        className="size-4 accent-brand-700"
                      />
                      {t('training.editor.rightAnswer', { number: letter })}
                    </label>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={texts.options.length <= LESSON_OPTIONS_MIN}
                      aria-label={t('training.editor.removeOptionLabel', { number: letter, question: number })}
                      onClick={() =>
                        setQuestion(index, {
                          ...question,
                          answer:
                            question.answer > optionIndex
                              ? question.answer - 1
                              : question.answer === optionIndex
                                ? 0
                                : question.answer,
                          ...inBoth(question, (each) => ({
                            ...each,
                            options: each.options.filter((_, at) => at !== optionIndex),
                          })),
                        })
                      }
                    >
                      {t('training.editor.removeOption')}
                    </Button>
                  </div>
                  <Field label={t('training.editor.option', { number: letter })} error={errors[`${path}.text`]}>
                    {(control) => (
                      <TextInput
                        {...control}
                        value={option.text}
                        maxLength={LESSON_OPTION_MAX}
                        placeholder={question[other].options[optionIndex]?.text}
                        onChange={(event) =>
                          setTexts({
                            ...texts,
                            options: texts.options.map((each, at) =>
                              at === optionIndex ? { ...each, text: event.target.value } : each,
                            ),
                          })
                        }
                      />
                    )}
                  </Field>
                  <Field label={t('training.editor.why', { number: letter })} error={errors[`${path}.why`]}>
                    {(control) => (
                      <TextInput
                        {...control}
                        value={option.why}
                        maxLength={LESSON_WHY_MAX}
                        placeholder={question[other].options[optionIndex]?.why}
                        onChange={(event) =>
                          setTexts({
                            ...texts,
                            options: texts.options.map((each, at) =>
                              at === optionIndex ? { ...each, why: event.target.value } : each,
                            ),
                          })
                        }
                      />
                    )}
                  </Field>
                </div>
              )
            })}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={texts.options.length >= LESSON_OPTIONS_MAX}
                onClick={() =>
                  setQuestion(index, {
                    ...question,
                    ...inBoth(question, (each) => ({ ...each, options: [...each.options, { text: '', why: '' }] })),
                  })
                }
              >
                {t('training.editor.addOption', { question: number })}
              </Button>
              <Button
                variant="danger"
                size="sm"
                aria-label={t('training.editor.removeQuestionLabel', { number })}
                onClick={() => onChange(quiz.filter((_, at) => at !== index))}
              >
                {t('training.editor.removeQuestion')}
              </Button>
            </div>
          </fieldset>
        )
      })}
      <div>
        <Button
          variant="secondary"
          disabled={quiz.length >= LESSON_QUESTIONS_MAX}
          onClick={() => onChange([...quiz, emptyQuestion(nextQuestionId(quiz))])}
        >
          {t('training.editor.addQuestion')}
        </Button>
      </div>
    </fieldset>
  )
}
