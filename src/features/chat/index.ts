import { createElement, lazy } from 'react'
import type { RouteObject } from 'react-router'

export { MessageBuyerButton, MessageMemberButton, MessageSellerButton } from './message-seller'
export { useNoticesAbout } from './notices'

const ChatPage = lazy(() => import('./chat-page').then((module) => ({ default: module.ChatPage })))

/** `/chat` and `/chat/:threadId` (one page, so the list stays while threads change); mounted behind sign-in. */
export const chatRoutes: RouteObject[] = [{ path: '/chat/:threadId?', element: createElement(ChatPage) }]
