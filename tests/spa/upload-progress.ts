/**
 * MSW answers an XMLHttpRequest in one go and reports its upload done at once. To see the fractions a browser
 * reports along the way, keep hold of each upload and dispatch its progress events by hand.
 */
export function watchUploads() {
  const uploads: XMLHttpRequestUpload[] = []
  const addEventListener = EventTarget.prototype.addEventListener
  vi.spyOn(XMLHttpRequestUpload.prototype, 'addEventListener').mockImplementation(function (
    this: XMLHttpRequestUpload,
    ...args: Parameters<typeof addEventListener>
  ) {
    if (!uploads.includes(this)) uploads.push(this)
    addEventListener.apply(this, args)
  })
  return uploads
}

/** What the browser reports of an upload: `loaded` of `total` bytes sent, or the upload finished. */
export const reportUpload = (
  upload: XMLHttpRequestUpload | undefined,
  loaded: number,
  total: number,
  type: 'progress' | 'load' = 'progress',
) => upload?.dispatchEvent(new ProgressEvent(type, { lengthComputable: true, loaded, total }))
