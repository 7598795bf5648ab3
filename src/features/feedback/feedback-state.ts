import { useCallback, useReducer } from 'react'
import type { FeedbackType } from '@/contract'

/** Spec §4 "Feedback widget": the type step, then the form, then success. */
export type FeedbackStep = 'type' | 'form' | 'success'

export type FeedbackState = {
  step: FeedbackStep
  type: FeedbackType | null
  comment: string
  screenshot: File | null
}

type Action =
  | { kind: 'choose'; type: FeedbackType }
  | { kind: 'back' }
  | { kind: 'comment'; comment: string }
  | { kind: 'screenshot'; file: File | null }
  | { kind: 'sent' }
  | { kind: 'reset' }

export const INITIAL_FEEDBACK: FeedbackState = { step: 'type', type: null, comment: '', screenshot: null }

export function feedbackReducer(state: FeedbackState, action: Action): FeedbackState {
  switch (action.kind) {
    case 'choose':
      // Only a bug report carries a screenshot: any other type clears one chosen before.
      return { ...state, step: 'form', type: action.type, screenshot: action.type === 'bug' ? state.screenshot : null }
    case 'back':
      return { ...state, step: 'type' }
    case 'comment':
      return { ...state, comment: action.comment }
    case 'screenshot':
      return { ...state, screenshot: state.type === 'bug' ? action.file : null }
    case 'sent':
      return { ...INITIAL_FEEDBACK, step: 'success' }
    case 'reset':
      return INITIAL_FEEDBACK
  }
}

/** The steps' state and what moves it. */
export function useFeedbackSteps() {
  const [state, dispatch] = useReducer(feedbackReducer, INITIAL_FEEDBACK)
  return {
    state,
    choose: useCallback((type: FeedbackType) => dispatch({ kind: 'choose', type }), []),
    back: useCallback(() => dispatch({ kind: 'back' }), []),
    setComment: useCallback((comment: string) => dispatch({ kind: 'comment', comment }), []),
    setScreenshot: useCallback((file: File | null) => dispatch({ kind: 'screenshot', file }), []),
    sent: useCallback(() => dispatch({ kind: 'sent' }), []),
    reset: useCallback(() => dispatch({ kind: 'reset' }), []),
  }
}
export type FeedbackSteps = ReturnType<typeof useFeedbackSteps>
