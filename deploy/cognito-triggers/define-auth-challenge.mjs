// Keyway's e-mailed sign-in link on an AWS Cognito user pool: the "Define auth challenge" trigger (Node.js 20).
// The app mails a one-time link; the browser starts CUSTOM_AUTH and answers one CUSTOM_CHALLENGE with the
// link's code. This trigger asks for that challenge, issues tokens once an answer was right, and ends the
// attempt after 3 wrong answers, or on anything that is not our challenge.

const MAX_WRONG_ANSWERS = 3

export const handler = async (event) => {
  const session = event.request.session ?? []
  const last = session.at(-1)
  const wrong = session.filter((step) => step.challengeName === 'CUSTOM_CHALLENGE' && !step.challengeResult).length
  const ours = session.every((step) => step.challengeName === 'CUSTOM_CHALLENGE')

  if (event.request.userNotFound || !ours || wrong >= MAX_WRONG_ANSWERS) {
    event.response.issueTokens = false
    event.response.failAuthentication = true
  } else if (last?.challengeResult === true) {
    event.response.issueTokens = true
    event.response.failAuthentication = false
  } else {
    event.response.issueTokens = false
    event.response.failAuthentication = false
    event.response.challengeName = 'CUSTOM_CHALLENGE'
  }
  return event
}
