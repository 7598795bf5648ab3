import type { ReactNode } from 'react'

/** The centred card every sign-up screen sits in: full width on a phone, 32rem at most. */
export function SignupCard({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto w-full px-4 py-8 sm:py-12 ${wide ? 'max-w-2xl' : 'max-w-lg'}`}>
      <div className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </div>
  )
}

export function CardHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="grid gap-2">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children && <div className="grid gap-2 text-sm text-slate-700">{children}</div>}
    </div>
  )
}
