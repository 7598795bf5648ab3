import { readdirSync, readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { apiCall, apiSignIn, createInvitedUser, latestMail, uiSignIn } from './support/api'

type Option = { text: string; why: string }
type Question = { id: string; answer: number; en: { prompt: string; options: Option[] } }
type LessonFile = { slug: string; position: number; en: { title: string }; quiz: Question[] }

/** The real lessons, in order, with their right answers (read here, on the test's side only). */
const CONTENT = new URL('../server/content/training/', import.meta.url)
const LESSONS: LessonFile[] = readdirSync(CONTENT)
  .sort()
  .map((folder) => JSON.parse(readFileSync(new URL(`${folder}/lesson.json`, CONTENT), 'utf8')) as LessonFile)
  .sort((a, b) => a.position - b.position)

const group = (page: Page, index: number, question: Question) =>
  page.getByRole('group', { name: `${index + 1}. ${question.en.prompt}` })
const option = (page: Page, index: number, question: Question, choice: number) =>
  group(page, index, question).getByRole('radio', { name: question.en.options[choice]!.text, exact: true })

async function answerAll(page: Page, lesson: LessonFile, from = 0) {
  for (const [index, question] of lesson.quiz.entries()) {
    if (index >= from) await option(page, index, question, question.answer).check()
  }
}

async function submitAndPass(page: Page, lesson: LessonFile, last: boolean) {
  await page.getByRole('button', { name: 'Submit answers' }).click()
  const status = page.getByRole('status').filter({ hasText: /passed/ })
  await expect(status).toContainText(last ? 'you are now a Certified Buyer' : 'You passed this lesson.')
  if (!last) await status.getByRole('link', { name: 'Next lesson' }).click()
}

/** Keyboard only: Tab into each radio group, Space and arrows to the answer, Enter on Submit, then Next lesson. */
async function passByKeyboard(page: Page, lesson: LessonFile) {
  const first = option(page, 0, lesson.quiz[0]!, 0)
  for (let presses = 0; presses < 80 && !(await first.evaluate((node) => node === document.activeElement)); presses++)
    await page.keyboard.press('Tab')
  await expect(first).toBeFocused()
  for (const [index, question] of lesson.quiz.entries()) {
    await page.keyboard.press('Space')
    for (let step = 0; step < question.answer; step++) await page.keyboard.press('ArrowDown')
    await expect(option(page, index, question, question.answer)).toBeChecked()
    await page.keyboard.press('Tab')
  }
  await expect(page.getByRole('button', { name: 'Submit answers' })).toBeFocused()
  await page.keyboard.press('Enter')
  const status = page.getByRole('status').filter({ hasText: 'You passed this lesson.' })
  await expect(status).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(status.getByRole('link', { name: 'Next lesson' })).toBeFocused()
  await page.keyboard.press('Enter')
}

test('a buyer takes every lesson, resumes after a reload, and becomes Certified where sellers see it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000)
  expect(LESSONS.length).toBeGreaterThanOrEqual(8)
  // A fresh buyer, not the demo one: other journeys count the demo buyer's unread notices, which the
  // certification notice would change under them. Set up through the API, as it is not what is tested here.
  const buyer = await createInvitedUser(request, 'buyer')
  const tokens = await apiSignIn(request, buyer.email, buyer.password)
  await apiCall(request, tokens.IdToken, 'PATCH', '/api/profile', {
    firstName: 'Tess',
    lastName: 'Trainee',
    phoneNumber: '(602) 555-0177',
  })
  await apiCall(request, tokens.IdToken, 'PUT', '/api/profile/preferences', {
    state: 'AZ',
    city: 'Phoenix',
    zipCodes: ['85001'],
  })
  const sellerTokens = await apiSignIn(request, 'seller@demo.test')
  const mine = await apiCall<{ items: { id: string }[] }>(
    request,
    sellerTokens.IdToken,
    'GET',
    '/api/deals/mine?status=active',
  )
  const listing = mine.items[0]!
  await apiCall(request, tokens.IdToken, 'POST', `/api/deals/${listing.id}/interest`, {
    message: 'Interested once I finish the training.',
    name: 'Tess Trainee',
    phone: '(602) 555-0177',
  })

  await uiSignIn(page, buyer.email, buyer.password)
  await page.getByRole('button', { name: /^Account menu for / }).click()
  await page.getByRole('menuitem', { name: 'Buyer training' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Buyer training' })).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Your progress' })).toHaveAttribute(
    'aria-valuetext',
    `0 of ${LESSONS.length} lessons passed`,
  )
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Start the training' }).click()

  // The first quiz: a wrong answer first, which says why, then the right one.
  const [lesson1, lesson2, lesson3, ...rest] = LESSONS as [LessonFile, LessonFile, LessonFile, ...LessonFile[]]
  await expect(page.getByRole('heading', { level: 1, name: lesson1.en.title })).toBeVisible()
  await expectAccessible(page)
  const q1 = lesson1.quiz[0]!
  const wrong = (q1.answer + 1) % q1.en.options.length
  await option(page, 0, q1, wrong).check()
  await answerAll(page, lesson1, 1)
  await page.getByRole('button', { name: 'Submit answers' }).click()
  await expect(group(page, 0, q1)).toContainText('Wrong answer')
  await expect(group(page, 0, q1)).toContainText(q1.en.options[wrong]!.why)
  await expect(page.getByRole('status')).toContainText(`${lesson1.quiz.length - 1} of ${lesson1.quiz.length} right`)
  await option(page, 0, q1, q1.answer).check()
  await submitAndPass(page, lesson1, false)

  // The second lesson by keyboard alone.
  await expect(page.getByRole('heading', { level: 1, name: lesson2.en.title })).toBeVisible()
  await passByKeyboard(page, lesson2)

  // Midway through the third quiz the page reloads: the answers chosen so far are still there.
  await expect(page.getByRole('heading', { level: 1, name: lesson3.en.title })).toBeVisible()
  const saved = page.waitForResponse(
    (response) => response.url().endsWith(`/api/training/lessons/${lesson3.slug}/progress`) && response.ok(),
  )
  await option(page, 0, lesson3.quiz[0]!, lesson3.quiz[0]!.answer).check()
  await saved
  await page.reload()
  await expect(option(page, 0, lesson3.quiz[0]!, lesson3.quiz[0]!.answer)).toBeChecked()
  await answerAll(page, lesson3, 1)
  await submitAndPass(page, lesson3, false)

  for (const [index, lesson] of rest.entries()) {
    await expect(page.getByRole('heading', { level: 1, name: lesson.en.title })).toBeVisible()
    await answerAll(page, lesson)
    await submitAndPass(page, lesson, index === rest.length - 1)
  }
  expect(await latestMail(request, buyer.email, 'trainingCertified')).toMatchObject({
    subject: 'You are now a Keyway Certified Buyer',
  })

  await page.goto('/training')
  await expect(page.getByRole('heading', { level: 2, name: 'You are a Certified Buyer' })).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Your progress' })).toHaveAttribute('aria-valuenow', '100')
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('es')
  await expect(page.getByRole('heading', { level: 2, name: 'Eres Comprador Certificado' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('combobox', { name: 'Idioma' }).first().selectOption('en')

  await page.goto('/profile')
  await expect(page.getByRole('main').getByText('Certified Buyer')).toBeVisible()

  // The demo seller sees the badge beside the buyer in the listing's interested-buyers table.
  const sellerContext = await browser.newContext()
  const seller = await sellerContext.newPage()
  await uiSignIn(seller, 'seller@demo.test')
  await seller.goto(`/deals/${listing.id}`)
  const row = seller.getByRole('row').filter({ hasText: 'Tess Trainee' })
  await expect(row.getByText('Certified')).toBeVisible()
  await sellerContext.close()
})

test('a seller opening /training is refused with the spec words', async ({ page }) => {
  await uiSignIn(page, 'seller@demo.test')
  await page.goto('/training')
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText('This training is only available to buyers')).toBeVisible()
  await expectAccessible(page)
})
