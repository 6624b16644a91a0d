import { useTranslation } from 'react-i18next';
import { ChatView } from '@/components/chat/chat-view';
import { PageCard } from '@/components/ui/page-card';

/** /my/chat (消息): the candidate's conversations and the open thread (`?c=ID`), in the centre's card. */
export default function ChatPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('title.chat')}>
      <ChatView face="chat" />
    </PageCard>
  );
}
