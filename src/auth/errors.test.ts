import i18n from 'i18next'
import { authErrorMessage, toAuthError } from './errors'

describe('authErrorMessage', () => {
  it.each([
    [{ code: 'NotAuthorizedException', message: 'Incorrect username or password.' }, 'Incorrect email or password.'],
    [
      { code: 'NotAuthorizedException', message: 'Password attempts exceeded' },
      'Too many failed attempts. Wait a few minutes and try again.',
    ],
    // What Cognito answers a deactivated user at sign-in and refresh: the same words as the API's 403.
    [{ code: 'NotAuthorizedException', message: 'User is disabled.' }, 'Account Deactivated: contact support'],
    [{ code: 'CodeMismatchException', message: 'x' }, 'That code is not right. Check the email and try again.'],
    [{ code: 'ExpiredCodeException', message: 'x' }, 'That code has expired. Ask for a new one.'],
    [{ code: 'NotConfigured', message: 'x' }, 'AWS Cognito is not properly configured'],
    [{ code: 'SomethingNew', message: 'x' }, 'Something went wrong. Please try again.'],
  ])('%o → %s', (error, text) => {
    expect(authErrorMessage(i18n.t, error)).toBe(text)
  })

  it('speaks Spanish when the interface does', async () => {
    await i18n.changeLanguage('es')
    expect(
      authErrorMessage(i18n.t, { code: 'NotAuthorizedException', message: 'Incorrect username or password.' }),
    ).toBe('Correo electrónico o contraseña incorrectos.')
    expect(authErrorMessage(i18n.t, { code: 'NotAuthorizedException', message: 'User is disabled.' })).toBe(
      'Cuenta desactivada: comunícate con soporte',
    )
  })
})

describe('toAuthError', () => {
  it('reads the SDK error name and spots network errors', () => {
    const sdkError = Object.assign(new Error('Invalid code'), {
      code: 'CodeMismatchException',
      name: 'CodeMismatchException',
    })
    expect(toAuthError(sdkError)).toEqual({ code: 'CodeMismatchException', message: 'Invalid code' })
    expect(toAuthError(new Error('Network error'))).toEqual({ code: 'NetworkError', message: 'Network error' })
  })
})
