import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ArticlesTab } from './articles-tab'
import { CategoriesTab } from './categories-tab'
import { QuestionsTab } from './questions-tab'

const TABS = ['questions', 'articles', 'categories'] as const
type Tab = (typeof TABS)[number]

/** Admin → Help centre: members' questions (answer, publish, reject), articles and categories. */
export function HelpSection() {
  const { t } = useTranslation('admin')
  const [tab, setTab] = useState<Tab>('questions')
  return (
    <section aria-labelledby="admin-help-heading">
      <h2 id="admin-help-heading" className="text-xl font-semibold text-slate-900">
        {t('help.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('help.intro')}</p>
      <nav aria-label={t('help.tabsLabel')} className="mt-4 flex flex-wrap gap-2 border-b border-slate-200 pb-2">
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={tab === key}
            onClick={() => setTab(key)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
              tab === key ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'
            }`}
          >
            {t(`help.tabs.${key}`)}
          </button>
        ))}
      </nav>
      <div className="mt-6">
        {tab === 'questions' ? <QuestionsTab /> : tab === 'articles' ? <ArticlesTab /> : <CategoriesTab />}
      </div>
    </section>
  )
}
