/**
 * Hands a downloaded file to the browser to save under its own name (a temporary object URL on an
 * `a download` link, released once the click has been handled).
 */
export function saveFile(file: File) {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = file.name
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
    // Some browsers read the URL after click() returns: release it on the next turn.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}
