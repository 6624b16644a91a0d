import { ChatView } from '@/components/chat/chat-view';
import { mPaths } from '../paths';

/** /m/chat: the candidate's conversations, then (`?c=ID`) one of them full screen. */
export default function ChatPage() {
  return <ChatView face="chat" variant="mobile" jobPath={mPaths.job} />;
}
