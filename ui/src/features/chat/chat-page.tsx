import { ChatView } from '@/components/chat/chat-view';

/** /my/chat (消息): the candidate's conversations and the open thread (`?c=ID`). */
export default function ChatPage() {
  return <ChatView face="chat" />;
}
