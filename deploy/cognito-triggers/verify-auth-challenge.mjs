// Keyway's e-mailed sign-in link on an AWS Cognito user pool: the "Verify auth challenge response" trigger
// (Node.js 20). It asks the Keyway server whether the answered code is the user's live link code; the server
// spends a right code, so it works once. Environment: KEYWAY_URL (the app's public address, e.g.
// https://keyway.example.com) and KEYWAY_TRIGGER_SECRET (the server's COGNITO_TRIGGER_SECRET).
// Anything but a clear "valid" (unreachable, slow past 5 s, refused) counts as a wrong answer.

const TIMEOUT_MS = 5000

export const handler = async (event) => {
  event.response.answerCorrect = await isValid(event.request.userAttributes?.email, event.request.challengeAnswer)
  return event
}

async function isValid(email, code) {
  const url = (process.env.KEYWAY_URL ?? '').replace(/\/+$/, '')
  const secret = process.env.KEYWAY_TRIGGER_SECRET ?? ''
  if (!url || !secret || !email || !code) return false
  try {
    const response = await fetch(`${url}/api/auth/signin-link/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ email, code }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (!response.ok) {
      console.error(`Keyway refused the check: HTTP ${response.status}`)
      return false
    }
    const answer = await response.json()
    return answer.valid === true
  } catch (error) {
    console.error('Keyway could not be asked', error)
    return false
  }
}
