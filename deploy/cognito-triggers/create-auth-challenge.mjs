// Keyway's e-mailed sign-in link on an AWS Cognito user pool: the "Create auth challenge" trigger (Node.js 20).
// The one-time code is made, mailed and checked by the Keyway server, so the challenge carries no secret:
// it only names what the answer is (the code from the link) for the browser.

export const handler = async (event) => {
  if (event.request.challengeName === 'CUSTOM_CHALLENGE') {
    event.response.publicChallengeParameters = { kind: 'signin-link' }
    event.response.privateChallengeParameters = {}
    event.response.challengeMetadata = 'SIGNIN_LINK'
  }
  return event
}
