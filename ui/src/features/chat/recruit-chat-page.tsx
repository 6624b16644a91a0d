import { useTranslation } from 'react-i18next';
import { ChatView } from '@/components/chat/chat-view';
import { PageHead } from '@/components/recruit/recruit-layout';

/** /recruit/chat (沟通): the member's conversations with candidates and the open thread (`?c=ID`). */
export default function RecruitChatPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHead title={t('chat.recruitTitle')} />
      <ChatView face="comchat" />
    </>
  );
}
