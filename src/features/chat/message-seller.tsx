import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useMessageBuyer, useMessageMember, useStartThread } from './chat-api'
import { StartConversationDialog } from './message-dialog'

/**
 * "Message the seller" on a deal page: a small composer in a dialog; sending starts (or continues) the
 * conversation and opens it.
 */
export function MessageSellerButton({ dealId }: { dealId: string }) {
  const { t } = useTranslation('chat')
  const start = useStartThread()
  return (
    <StartConversationDialog
      trigger={
        <Button variant="secondary" className="w-full">
          {t('start.open')}
        </Button>
      }
      title={t('start.title')}
      description={t('start.description')}
      start={(message) => start.mutateAsync({ dealId, message })}
    />
  )
}

/**
 * "Message {name}" for the listing's seller, on a buyer who expressed interest or made an offer and has no
 * conversation yet: the seller writes first; sending starts the conversation and opens it.
 */
export function MessageBuyerButton({
  dealId,
  buyerId,
  name,
}: {
  dealId: string
  buyerId: string
  /** The buyer's name as the row shows it. */
  name: string
}) {
  const { t } = useTranslation('chat')
  const start = useMessageBuyer()
  return (
    <StartConversationDialog
      trigger={
        <Button variant="secondary" size="sm">
          {t('messageBuyer.open', { name })}
        </Button>
      }
      title={t('messageBuyer.title', { name })}
      description={t('messageBuyer.description')}
      start={(message) => start.mutateAsync({ dealId, buyerId, message })}
    />
  )
}

/** "Message" on an Owners Club member's card: sending starts (or continues) the members' conversation and opens it. */
export function MessageMemberButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation('chat')
  const start = useMessageMember()
  return (
    <StartConversationDialog
      trigger={
        <Button variant="secondary" size="sm" aria-label={t('messageMember.openLabel', { name })}>
          {t('messageMember.open')}
        </Button>
      }
      title={t('messageMember.title', { name })}
      description={t('messageMember.description')}
      start={(message) => start.mutateAsync({ userId, message })}
    />
  )
}
