import type { RouteObject } from 'react-router'
import { lazyPageElement } from '@/components/lazy-page'

/** /training and its lessons: members' routes (src/app/routes.tsx); the pages refuse non-buyers themselves. */
export const trainingRoutes: RouteObject[] = [
  { path: '/training', element: lazyPageElement(() => import('./training-page'), 'TrainingPage') },
  { path: '/training/:lessonId', element: lazyPageElement(() => import('./lesson-page'), 'LessonPage') },
]
