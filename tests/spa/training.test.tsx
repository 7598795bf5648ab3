import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { Lesson, LessonAttemptResult, TrainingOverview } from '@/contract'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

const lesson: Lesson = {
  id: 'cash-deals',
  position: 1,
  title: 'How cash deals work',
  summary: 'What a cash buyer checks.',
  body: '## The basics\n\nCash closes fast.',
  videoUrl: null,
  minutes: 6,
  quiz: [
    { id: 'q1', prompt: 'What makes a cash offer strong?', options: ['A fast close', 'A low deposit'] },
    { id: 'q2', prompt: 'Who holds the title?', options: ['The buyer', 'The lender'] },
  ],
  progress: { status: 'not_started', answers: {}, attempts: 0, passedAt: null },
  previousId: null,
  nextId: 'subject-to',
  unlocked: true,
}

const overview: TrainingOverview = {
  lessons: [
    { id: 'cash-deals', position: 1, title: 'How cash deals work', summary: 'S', minutes: 6, status: 'passed' },
    { id: 'subject-to', position: 2, title: 'Subject-to', summary: 'S', minutes: 8, status: 'not_started' },
  ],
  passed: 1,
  total: 2,
  certified: false,
  certifiedAt: null,
  nextLessonId: 'subject-to',
}

const buyer = () => buildUser({ role: 'buyer', roles: ['buyer'] })

/** The training endpoints; progress saves answer `saveStatus`. */
function trainingServer({ saveStatus = 200 }: { saveStatus?: number } = {}) {
  const saves: unknown[] = []
  const attempts: unknown[] = []
  server.use(
    // The webinar banner's flags, asked for by every signed-in page.
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
    http.get('/api/training/lessons', () => HttpResponse.json(overview)),
    http.get('/api/training/lessons/:id', () => HttpResponse.json(lesson)),
    http.put('/api/training/lessons/:id/progress', async ({ request }) => {
      const body = (await request.json()) as { answers: Record<string, number> }
      saves.push(body)
      if (saveStatus !== 200) return HttpResponse.json({ message: 'Down', code: 'internal' }, { status: saveStatus })
      return HttpResponse.json({ ...lesson.progress, status: 'in_progress', answers: body.answers })
    }),
    http.post('/api/training/lessons/:id/attempts', async ({ request }) => {
      const { answers } = (await request.json()) as { answers: Record<string, number> }
      attempts.push(answers)
      const q1 = answers.q1 === 0
      const result: LessonAttemptResult = {
        passed: q1 && answers.q2 === 0,
        results: [
          {
            questionId: 'q1',
            chosen: answers.q1!,
            correct: q1,
            why: q1 ? 'Speed wins.' : 'A deposit is not the point.',
          },
          { questionId: 'q2', chosen: answers.q2!, correct: answers.q2 === 0, why: 'The deed says so.' },
        ],
        progress: { status: 'in_progress', answers, attempts: attempts.length, passedAt: null },
        certified: false,
        certifiedNow: false,
        nextId: 'subject-to',
      }
      return HttpResponse.json(result)
    }),
  )
  return { saves, attempts }
}

describe('/training', () => {
  it('refuses a member who is not a buyer with the spec words', async () => {
    trainingServer()
    renderApp({ path: '/training', user: buildUser({ role: 'originator', roles: ['originator'] }) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument()
    expect(screen.getByText('This training is only available to buyers')).toBeInTheDocument()
  })

  it('shows the overall progress and the lesson to continue with', async () => {
    trainingServer()
    renderApp({ path: '/training', user: buyer() })
    const bar = await screen.findByRole('progressbar', { name: 'Your progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '50')
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 2 lessons passed')
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/training/subject-to')
    const lessons = screen.getByRole('list', { name: 'Lessons' })
    expect(
      within(lessons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Passed'), expect.stringContaining('Not started')])
  })
})

describe('a lesson', () => {
  it('says "Error saving your progress" when a save fails, and keeps the chosen answers', async () => {
    const user = userEvent.setup()
    const { saves } = trainingServer({ saveStatus: 500 })
    renderApp({ path: '/training/cash-deals', user: buyer() })

    const first = await screen.findByRole('group', { name: '1. What makes a cash offer strong?' })
    await user.click(within(first).getByRole('radio', { name: 'A low deposit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Error saving your progress')
    expect(saves).toContainEqual({ answers: { q1: 1 } })
    expect(within(first).getByRole('radio', { name: 'A low deposit' })).toBeChecked()
  })

  it('marks a wrong answer with its why, then lets the buyer change it and pass, by keyboard alone', async () => {
    const user = userEvent.setup()
    const { attempts } = trainingServer()
    renderApp({ path: '/training/cash-deals', user: buyer() })

    const first = await screen.findByRole('group', { name: '1. What makes a cash offer strong?' })
    const second = screen.getByRole('group', { name: '2. Who holds the title?' })
    within(first).getByRole('radio', { name: 'A fast close' }).focus()
    await user.keyboard('{ArrowDown}')
    expect(within(first).getByRole('radio', { name: 'A low deposit' })).toBeChecked()
    await user.click(within(second).getByRole('radio', { name: 'The buyer' }))
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))

    expect(await within(first).findByText('A deposit is not the point.')).toBeInTheDocument()
    expect(within(first).getByText('Wrong answer')).toBeInTheDocument()
    expect(within(second).getByText('Right answer')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('1 of 2 right')
    // The result summary takes focus once painted (screen readers hear it); the buyer moves on from there.
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus())

    within(first).getByRole('radio', { name: 'A low deposit' }).focus()
    await user.keyboard('{ArrowUp}')
    expect(within(first).getByRole('radio', { name: 'A fast close' })).toBeChecked()
    expect(within(first).queryByText('Wrong answer')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByText('You passed this lesson.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Next lesson' })).toHaveAttribute('href', '/training/subject-to')
    await waitFor(() =>
      expect(attempts).toEqual([
        { q1: 1, q2: 0 },
        { q1: 0, q2: 0 },
      ]),
    )
  })
})
