import twilio from 'twilio'
import type { Config } from '../../config'

/** Delivers one text through a provider; throws on any refusal (the job retries it). */
export type SmsTransport = { send(message: { to: string; body: string }): Promise<{ providerId: string }> }

/** A Twilio `RequestClient` (the SDK's HTTP layer), e.g. one pointed at a local server in a test. */
export type TwilioHttpClient = NonNullable<twilio.ClientOpts['httpClient']>

/**
 * The Twilio transport (official SDK): Programmable Messaging's create-message call, from TWILIO_FROM
 * (a number, or a Messaging Service SID). Null when Twilio is not configured: texts are only recorded.
 */
export function twilioTransport(settings: NonNullable<Config['twilio']>, httpClient?: TwilioHttpClient): SmsTransport {
  const client = twilio(settings.accountSid, settings.authToken, httpClient ? { httpClient } : {})
  const sender = settings.from.startsWith('MG') ? { messagingServiceSid: settings.from } : { from: settings.from }
  return {
    async send({ to, body }) {
      const message = await client.messages.create({ to, body, ...sender })
      return { providerId: message.sid }
    },
  }
}
