import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'

/** Ways out of a request form for people who already have an invitation or an account. */
export function FooterLinks() {
  const { t } = useTranslation('signup')
  return (
    <div className="grid gap-1 border-t border-slate-200 pt-4 text-sm text-slate-700">
      <p>
        {t('request.haveInvitation')}{' '}
        <Link to="/signup" className="font-medium text-brand-800 underline">
          {t('request.pasteLink')}
        </Link>
      </p>
      <p>
        {t('common.haveAccount')}{' '}
        <Link to="/auth" className="font-medium text-brand-800 underline">
          {t('common.signIn')}
        </Link>
      </p>
    </div>
  )
}
