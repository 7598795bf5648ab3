const posthog = vi.hoisted(() => ({
  init: vi.fn(),
  identify: vi.fn(),
  reset: vi.fn(),
  get_distinct_id: vi.fn(() => 'anonymous-1'),
}))
vi.mock('posthog-js', () => ({ default: posthog }))

async function freshModule() {
  vi.resetModules()
  return import('./posthog')
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.clearAllMocks()
})

describe('analytics', () => {
  it('stays off without a key: nothing loads, nothing is sent', async () => {
    vi.stubEnv('VITE_POSTHOG_KEY', '')
    const analytics = await freshModule()
    await analytics.identifyUser({ userId: 'u-1', role: 'buyer' })
    analytics.resetAnalytics()
    expect(posthog.init).not.toHaveBeenCalled()
    expect(posthog.identify).not.toHaveBeenCalled()
  })

  it('identifies once per login and resets on logout', async () => {
    vi.stubEnv('VITE_POSTHOG_KEY', 'phc_test')
    const analytics = await freshModule()
    await analytics.identifyUser({ userId: 'u-1', role: 'originator' })
    await analytics.identifyUser({ userId: 'u-1', role: 'originator' })
    expect(posthog.init).toHaveBeenCalledTimes(1)
    expect(posthog.init.mock.calls[0]?.[0]).toBe('phc_test')
    expect(posthog.identify).toHaveBeenCalledTimes(1)
    expect(posthog.identify).toHaveBeenCalledWith('u-1', { role: 'originator' })

    analytics.resetAnalytics()
    // A new device id too: two people sharing a browser are never linked (issue 22 #23).
    expect(posthog.reset).toHaveBeenCalledTimes(1)
    expect(posthog.reset).toHaveBeenCalledWith(true)
    await analytics.identifyUser({ userId: 'u-2', role: 'buyer' })
    expect(posthog.identify).toHaveBeenLastCalledWith('u-2', { role: 'buyer' })
  })

  it('never loads a script from PostHog (the CSP refuses them): its remote config comes as JSON', async () => {
    vi.stubEnv('VITE_POSTHOG_KEY', 'phc_test')
    const analytics = await freshModule()
    await analytics.identifyUser({ userId: 'u-1', role: 'buyer' })
    expect(posthog.init.mock.calls[0]?.[1]).toMatchObject({ disable_external_dependency_loading: true })
  })

  it('does not identify again after a reload when PostHog already knows the person', async () => {
    vi.stubEnv('VITE_POSTHOG_KEY', 'phc_test')
    posthog.get_distinct_id.mockReturnValue('u-1')
    const analytics = await freshModule()
    await analytics.identifyUser({ userId: 'u-1', role: 'buyer' })
    expect(posthog.identify).not.toHaveBeenCalled()
  })
})
