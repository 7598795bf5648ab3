import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { buildDeal, buildPhoto, dealFormServer, sellerUser } from './deal-form-fixtures'
import { server } from './msw'
import { renderApp } from './render'
import { reportUpload, watchUploads } from './upload-progress'

/** What the browser reports of a 1000-byte upload. */
const sent = (upload: XMLHttpRequestUpload | undefined, type: 'progress' | 'load', loaded: number) =>
  reportUpload(upload, loaded, 1000, type)

const image = (name: string) => new File([new Uint8Array(1000)], name, { type: 'image/jpeg' })

describe('uploading a photo', { timeout: 15_000 }, () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows how much of each file is sent, then that the photo is being prepared', async () => {
    const user = userEvent.setup()
    dealFormServer({ deal: buildDeal({ id: 'deal-3', photos: [buildPhoto('p1', 0)] }) })
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('/api/deals/:id/photos', async () => {
        await released
        return HttpResponse.json([buildPhoto('p1', 0), buildPhoto('p2', 1)])
      }),
    )
    const uploads = watchUploads()
    renderApp({ path: '/deals/deal-3/edit', user: sellerUser() })
    await screen.findByRole('textbox', { name: /^Street address/ }, { timeout: 5000 })

    await user.upload(screen.getByLabelText('Add photos'), [image('front.jpg')])
    const tile = screen.getByRole('listitem', { name: 'Photo 2' })
    const bar = within(tile).getByRole('progressbar', { name: 'Uploading front.jpg' })
    expect(bar).toHaveAttribute('aria-valuemin', '0')
    expect(bar).toHaveAttribute('aria-valuemax', '100')
    expect(bar).toHaveAttribute('aria-valuenow', '0')

    await vi.waitFor(() => expect(uploads).toHaveLength(1))
    act(() => sent(uploads[0], 'progress', 400))
    expect(await within(tile).findByText('Uploading… 40%')).toBeInTheDocument()
    expect(within(tile).getByRole('progressbar', { name: 'Uploading front.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    )

    act(() => sent(uploads[0], 'load', 1000))
    expect(await within(tile).findByText('Preparing the photo…')).toBeInTheDocument()
    // The server's thumbnails have no measure: the bar turns indeterminate.
    expect(within(tile).getByRole('progressbar', { name: 'Preparing front.jpg' })).not.toHaveAttribute('aria-valuenow')

    release()
    expect(await screen.findByRole('img', { name: 'Photo 2' })).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})
