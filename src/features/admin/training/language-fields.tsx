import { useTranslation } from 'react-i18next'
import { LESSON_BODY_MAX, LESSON_SUMMARY_MAX, LESSON_TITLE_MAX, type LessonLanguageInput } from '@/contract'
import { Markdown } from '@/components/markdown/markdown'
import { Field, inputClass, TextInput } from '@/components/ui/field'
import type { Lang } from './draft'

/**
 * One language's title, summary and body. The body is Markdown with a live preview beside it (under it on
 * a phone), rendered by the same sanitising component buyers see.
 */
export function LanguageFields({
  lang,
  value,
  other,
  errors,
  onChange,
}: {
  lang: Lang
  value: LessonLanguageInput
  /** The other language's texts: shown as placeholders, to translate from. */
  other: LessonLanguageInput
  errors: Record<string, string>
  onChange: (value: LessonLanguageInput) => void
}) {
  const { t } = useTranslation('admin')
  const set = (key: keyof LessonLanguageInput) => (text: string) => onChange({ ...value, [key]: text })
  return (
    <div className="grid gap-4" lang={lang}>
      <Field label={t('training.editor.title')} error={errors[`${lang}.title`]}>
        {(control) => (
          <TextInput
            {...control}
            value={value.title}
            maxLength={LESSON_TITLE_MAX}
            placeholder={other.title}
            onChange={(event) => set('title')(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('training.editor.summary')} error={errors[`${lang}.summary`]}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={value.summary}
            maxLength={LESSON_SUMMARY_MAX}
            placeholder={other.summary}
            onChange={(event) => set('summary')(event.target.value)}
            className={inputClass('md', 'h-auto py-2')}
          />
        )}
      </Field>
      <div className="grid gap-4 lg:grid-cols-2">
        <Field label={t('training.editor.body')} hint={t('training.editor.bodyHint')} error={errors[`${lang}.body`]}>
          {(control) => (
            <textarea
              {...control}
              rows={16}
              value={value.body}
              maxLength={LESSON_BODY_MAX}
              onChange={(event) => set('body')(event.target.value)}
              className={inputClass('md', 'h-auto py-2 font-mono text-sm')}
            />
          )}
        </Field>
        <section aria-label={t('training.editor.preview')} className="grid content-start gap-1.5">
          <h4 className="text-sm font-medium text-slate-900" aria-hidden="true">
            {t('training.editor.preview')}
          </h4>
          <div className="max-h-[32rem] min-h-32 overflow-y-auto rounded-md border border-slate-200 bg-white p-3">
            {value.body.trim() ? (
              <Markdown source={value.body} />
            ) : (
              <p className="text-sm text-slate-600">{t('training.editor.previewEmpty')}</p>
            )}
          </div>
        </section>
      </div>
    </div>
  )
}
