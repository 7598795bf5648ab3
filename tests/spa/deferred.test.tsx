import { act, render, screen } from '@testing-library/react'
import { deferred, useDeferred } from '@/components/ui/deferred'

function Probe({ module }: { module: ReturnType<typeof deferred<string>> }) {
  const { module: loaded } = useDeferred(module, 'now')
  return <p>{loaded ?? 'waiting'}</p>
}

describe('useDeferred', () => {
  it('keeps code that arrives after its component is gone, and the next mount shows it at once', async () => {
    let arrive: (value: string) => void = () => {}
    const module = deferred(() => new Promise<string>((resolve) => (arrive = resolve)))
    const { unmount } = render(<Probe module={module} />)
    expect(screen.getByText('waiting')).toBeInTheDocument()
    unmount()
    await act(async () => {
      arrive('menu code')
      await module.load()
    })
    expect(module.get()).toBe('menu code')
    render(<Probe module={module} />)
    expect(screen.getByText('menu code')).toBeInTheDocument()
  })
})
