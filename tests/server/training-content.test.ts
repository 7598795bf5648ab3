import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'

/*
 * The buyer course as the repository ships it (server/content/training/<NN>-<slug>/): every lesson the seed
 * reads is complete in both languages, its quiz can be answered and explains every option, and every figure
 * it shows exists and is described.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const trainingDir = join(root, 'server/content/training')
const publicDir = join(root, 'public')
const LANGUAGES = ['en', 'es'] as const

type Option = { text: string; why: string }
type Question = { id: string; answer: number } & Record<
  (typeof LANGUAGES)[number],
  { prompt: string; options: Option[] }
>
type LessonFile = {
  slug: string
  position: number
  minutes: number
  videoUrl: string | null
  en: { title: string; summary: string }
  es: { title: string; summary: string }
  quiz: Question[]
}

const folders = readdirSync(trainingDir).filter((name) => statSync(join(trainingDir, name)).isDirectory())
const lessons = folders.map((folder) => {
  const dir = join(trainingDir, folder)
  const read = (file: string) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : null)
  const json = read('lesson.json')
  return {
    folder,
    lesson: json === null ? null : (JSON.parse(json) as LessonFile),
    bodies: { en: read('en.md'), es: read('es.md') },
  }
})

/** Markdown outside fenced code blocks (a `#` in a code sample is not a heading). */
const prose = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, '')
const images = (markdown: string) => [...prose(markdown).matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)]
const { DOMParser } = new JSDOM().window
const words = (markdown: string) =>
  prose(markdown)
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word)).length

describe('training content', () => {
  it('has at least eight lessons, each with lesson.json, en.md and es.md', () => {
    expect(lessons.length).toBeGreaterThanOrEqual(8)
    for (const { folder, lesson, bodies } of lessons) {
      expect(lesson, `${folder}/lesson.json`).not.toBeNull()
      expect(bodies.en, `${folder}/en.md`).not.toBeNull()
      expect(bodies.es, `${folder}/es.md`).not.toBeNull()
    }
  })

  it('gives every lesson a unique slug and position, named by its folder', () => {
    const slugs = lessons.map(({ lesson }) => lesson?.slug)
    const positions = lessons.map(({ lesson }) => lesson?.position)
    expect(new Set(slugs).size).toBe(lessons.length)
    expect(new Set(positions).size).toBe(lessons.length)
    for (const { folder, lesson } of lessons) {
      expect(lesson!.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(folder).toBe(`${String(lesson!.position).padStart(2, '0')}-${lesson!.slug}`)
      expect(Number.isInteger(lesson!.minutes) && lesson!.minutes > 0, `${folder} minutes`).toBe(true)
      expect(lesson!.videoUrl === null || typeof lesson!.videoUrl === 'string').toBe(true)
    }
  })

  it('has a title, summary and body in both languages, with headings from level 2', () => {
    for (const { folder, lesson, bodies } of lessons) {
      for (const language of LANGUAGES) {
        expect(lesson![language].title.trim(), `${folder} ${language} title`).not.toBe('')
        expect(lesson![language].summary.trim(), `${folder} ${language} summary`).not.toBe('')
        const body = bodies[language]!
        expect(body.trim(), `${folder}/${language}.md`).not.toBe('')
        expect(prose(body), `${folder}/${language}.md has a level-1 heading`).not.toMatch(/^#(?!#)/m)
        expect(prose(body), `${folder}/${language}.md has sections`).toMatch(/^## \S/m)
      }
      // A lesson, not a blurb: the English body is a real read.
      expect(words(bodies.en!), `${folder}/en.md word count`).toBeGreaterThanOrEqual(450)
    }
  })

  it('asks 3–4 questions per lesson, each with 3–4 options explained in both languages', () => {
    for (const { folder, lesson } of lessons) {
      const quiz = lesson!.quiz
      expect(quiz.length, `${folder} questions`).toBeGreaterThanOrEqual(3)
      expect(quiz.length, `${folder} questions`).toBeLessThanOrEqual(4)
      expect(new Set(quiz.map((question) => question.id)).size, `${folder} question ids`).toBe(quiz.length)
      for (const question of quiz) {
        const where = `${folder} question ${question.id}`
        const count = question.en.options.length
        expect(count, where).toBeGreaterThanOrEqual(3)
        expect(count, where).toBeLessThanOrEqual(4)
        expect(question.es.options.length, `${where}: es has the same options`).toBe(count)
        expect(Number.isInteger(question.answer) && question.answer >= 0 && question.answer < count, where).toBe(true)
        for (const language of LANGUAGES) {
          expect(question[language].prompt.trim(), `${where} ${language} prompt`).not.toBe('')
          for (const option of question[language].options) {
            expect(option.text.trim(), `${where} ${language} option`).not.toBe('')
            expect(option.why.trim(), `${where} ${language} why of "${option.text}"`).not.toBe('')
          }
        }
      }
    }
  })

  it('does not always hide the right answer in the same place', () => {
    const places = new Set(lessons.flatMap(({ lesson }) => lesson!.quiz.map((question) => question.answer)))
    expect(places.size).toBeGreaterThanOrEqual(3)
  })

  it('shows only figures that exist, each described, in both languages', () => {
    let figures = 0
    for (const { folder, bodies } of lessons) {
      const counts = LANGUAGES.map((language) => images(bodies[language]!).length)
      expect(counts[1], `${folder}: es shows as many figures as en`).toBe(counts[0])
      for (const language of LANGUAGES) {
        for (const [, alt, src] of images(bodies[language]!)) {
          figures += 1
          expect(alt!.trim(), `${folder}/${language}.md alt text of ${src}`).not.toBe('')
          expect(src, `${folder}/${language}.md figure path`).toMatch(/^\/training\/[a-z0-9-]+\.svg$/)
          const file = join(publicDir, src!)
          expect(existsSync(file), `${src} exists`).toBe(true)
          const svg = readFileSync(file, 'utf8')
          expect(svg, `${src} has a title`).toMatch(/<title[^>]*>[^<]+<\/title>/)
          expect(svg, `${src} has a description`).toMatch(/<desc[^>]*>[^<]+<\/desc>/)
          expect(svg, `${src} scales`).toMatch(/viewBox="/)
          // Invalid XML (a bare &, say) makes the browser show an error instead of the figure.
          const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
          expect(doc.getElementsByTagName('parsererror').length, `${src} is well-formed XML`).toBe(0)
        }
      }
    }
    // At least three lessons explain with a figure (counted in both languages).
    expect(figures).toBeGreaterThanOrEqual(6)
  })
})
