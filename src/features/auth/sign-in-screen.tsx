import { useEffect, useRef } from 'react'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isAuthConfigured, useAuth } from '@/auth'
import { usePageTitle } from '@/components/page-title'
import { FormAlert, FormNotice } from '@/components/ui/form-alert'
import { FormCard, FormCardHeader } from '@/components/ui/form-card'
import { MfaForm, NewPasswordForm } from './challenge-forms'
import { ForgotPassword } from './forgot-password'
import { LinkCompletion } from './link-completion'
import { PasswordSignInForm } from './password-sign-in-form'
import { SignInLinkForm } from './sign-in-link-form'
import { LinkButton } from './ui/link-button'
import { useSignInFlow } from './use-sign-in-flow'

type Mode = 'password' | 'link' | 'forgot'
/** Notices other screens hand over in router state (after /verify, after a reset). */
type Notice = 'verified' | 'passwordReset'

const readMode = (value: string | null): Mode => (value === 'link' || value === 'forgot' ? value : 'password')

/**
 * `/auth` and `/legacy-auth`: password sign-in with its challenges, the e-mailed link (asking for one and
 * completing one) and forgot password. The mode lives in the URL so Back works and links can open one.
 */
export function SignInScreen({ legacy = false }: { legacy?: boolean }) {
  const { t } = useTranslation('auth')
  const { status } = useAuth()
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const flow = useSignInFlow()
  const heading = useRef<HTMLHeadingElement>(null)

  const mode = legacy ? 'password' : readMode(params.get('mode'))
  const email = params.get('email') ?? ''
  const linkCode = legacy ? null : params.get('signin')
  const notice = (location.state as { notice?: Notice } | null)?.notice
  const step = flow.challenge?.type ?? (linkCode && email ? 'linkCompletion' : mode)

  const title = {
    password: legacy ? t('legacy.title') : t('signIn.title'),
    link: t('link.title'),
    forgot: t('forgot.title'),
    linkCompletion: t('link.title'),
    newPassword: t('challenge.newPasswordTitle'),
    mfa: t('challenge.mfaTitle'),
  }[step]
  usePageTitle(title)

  // A new step is a new "page" for screen readers and keyboards: move focus to its heading.
  const firstStep = useRef(step)
  useEffect(() => {
    if (step !== firstStep.current) heading.current?.focus()
  }, [step])

  /** Switches mode in the URL, keeping `next` and carrying the e-mail typed so far. */
  const switchTo = (next: Mode, withEmail?: string, withNotice?: Notice) => {
    const search = new URLSearchParams()
    const back = params.get('next')
    if (back) search.set('next', back)
    if (next !== 'password') search.set('mode', next)
    if (withEmail) search.set('email', withEmail)
    flow.setChallenge(null)
    setParams(search, { state: withNotice ? { notice: withNotice } : null })
  }

  if (status === 'authenticated') return <Navigate to={flow.next} replace />

  return (
    <FormCard>
      <FormCardHeader ref={heading} title={title}>
        {step === 'password' && <p>{legacy ? t('legacy.intro') : t('signIn.intro')}</p>}
        {step === 'link' && <p>{t('link.intro')}</p>}
        {step === 'forgot' && <p>{t('forgot.intro')}</p>}
        {step === 'newPassword' && <p>{t('challenge.newPasswordIntro')}</p>}
      </FormCardHeader>

      {!isAuthConfigured() && <FormAlert>{t('errors.notConfigured')}</FormAlert>}
      {step === 'password' && notice && <FormNotice>{t(`notices.${notice}`)}</FormNotice>}

      {step === 'password' && (
        <PasswordSignInForm
          key={email}
          flow={flow}
          legacy={legacy}
          defaultEmail={email}
          onForgot={(typed) =>
            legacy
              ? void navigate(`/auth?mode=forgot${typed ? `&email=${encodeURIComponent(typed)}` : ''}`)
              : switchTo('forgot', typed)
          }
        />
      )}
      {step === 'link' && <SignInLinkForm defaultEmail={email} />}
      {step === 'forgot' && (
        <ForgotPassword
          flow={flow}
          defaultEmail={email}
          onReset={(resetEmail) => switchTo('password', resetEmail, 'passwordReset')}
        />
      )}
      {step === 'linkCompletion' && linkCode && (
        <LinkCompletion
          email={email}
          code={linkCode}
          flow={flow}
          onNewLink={() => switchTo('link', email)}
          onUsePassword={() => switchTo('password', email)}
        />
      )}
      {step === 'newPassword' && <NewPasswordForm flow={flow} />}
      {step === 'mfa' && flow.challenge?.type === 'mfa' && <MfaForm flow={flow} method={flow.challenge.method} />}

      <SignInFooter step={step} legacy={legacy} onMode={(next) => switchTo(next, email || undefined)} />
    </FormCard>
  )
}

function SignInFooter({ step, legacy, onMode }: { step: string; legacy: boolean; onMode: (mode: Mode) => void }) {
  const { t } = useTranslation('auth')
  const linkClass = 'font-medium text-brand-800 underline'
  return (
    <div className="grid gap-3 border-t border-slate-200 pt-4 text-sm text-slate-700">
      {step === 'password' && !legacy && (
        <div>
          <LinkButton onClick={() => onMode('link')}>{t('signIn.useLink')}</LinkButton>
        </div>
      )}
      {(step === 'link' || step === 'forgot' || step === 'newPassword' || step === 'mfa') && (
        <div>
          <LinkButton onClick={() => onMode('password')}>
            {step === 'forgot' ? t('forgot.back') : step === 'link' ? t('link.usePassword') : t('challenge.startOver')}
          </LinkButton>
        </div>
      )}
      {legacy && (
        <p>
          <Link to="/auth" className={linkClass}>
            {t('legacy.useNew')}
          </Link>
        </p>
      )}
      <p>
        {t('signIn.noAccount')}{' '}
        <Link to="/signup" className={linkClass}>
          {t('signIn.signUp')}
        </Link>
      </p>
      <p>
        {t('signIn.needInvitation')}{' '}
        <Link to="/requestAccess" className={linkClass}>
          {t('signIn.requestAccess')}
        </Link>
      </p>
    </div>
  )
}
