import { render } from '@testing-library/react'
import { deferred, useDeferred } from '@/components/ui/deferred'

function Probe({ module, onArrive }: { module: ReturnType<typeof deferred<string>>; onArrive: () => void }) {
  const { module: loaded } = useDeferred(module, 'now', onArrive)
  return <p>{loaded ?? 'waiting'}</p>
}

describe('useDeferred', () => {
  it('does not run the arrival callback for a component that is gone by the time the code arrives', async () => {
    // Code that arrives after the user left the page (in tests: after the file's DOM is torn down) must not
    // touch the page: the handoff reads document.activeElement.
    let arrive: (value: string) => void = () => {}
    const module = deferred(() => new Promise<string>((resolve) => (arrive = resolve)))
    const onArrive = vi.fn()
    const { unmount } = render(<Probe module={module} onArrive={onArrive} />)
    unmount()
    arrive('menu code')
    await module.load()
    await Promise.resolve()
    expect(onArrive).not.toHaveBeenCalled()
    // The code is kept: the next mount shows it at once.
    expect(module.get()).toBe('menu code')
  })
})
