/** Strings of the admin console's chat reports (举报 from a chat thread, issue 32), laid into the console's catalogue by ./i18n.ts. */
const chatReportsStrings = {
  'zh-CN': {
    admin: {
      chatReports: {
        title: '聊天举报',
        table: '聊天举报列表',
        help: '用户在聊天中举报对方。这里只显示被举报的消息及其之前的十条消息（举报时的副本），看不到聊天的其他内容。',
        reporter: '举报人',
        reported: '被举报人',
        reason: '举报原因',
        detail: '补充说明',
        messages: '消息副本',
        messageCount: '{{count}} 条（展开查看）',
        messagesOf: '举报 {{name}} 的消息副本',
        createdAt: '举报时间',
        reportedMessage: '被举报消息',
        recalled: '已撤回',
        sides: { candidate: '求职者', company: '招聘方' },
        kinds: { picture: '图片', exchange: '交换请求', job: '职位卡片', system: '系统消息', interview: '面试邀请' },
        reasons: { harassment: '骚扰/辱骂', fraud: '虚假职位/诈骗', money: '索要钱财', ads: '广告/推销', vulgar: '色情/低俗', other: '其他' },
        dismiss: '驳回',
        disable: '禁用账号',
        dismissTitle: '驳回举报：{{name}}',
        disableTitle: '禁用被举报账号：{{name}}',
        disableHelp: '该手机号下的所有账号将被禁用并立即退出登录，操作记入审计日志。',
      },
    },
  },
  'en-US': {
    admin: {
      chatReports: {
        title: 'Chat reports',
        table: 'List of chat reports',
        help: 'Users report the other side of a chat. Only the reported message and the ten before it (copied when reported) show here; nothing else of the chat.',
        reporter: 'Reported by',
        reported: 'Reported',
        reason: 'Reason',
        detail: 'Details',
        messages: 'Copied messages',
        messageCount: '{{count}} (expand to read)',
        messagesOf: 'Copied messages of the report on {{name}}',
        createdAt: 'Reported at',
        reportedMessage: 'Reported message',
        recalled: 'Recalled',
        sides: { candidate: 'Candidate', company: 'Recruiter' },
        kinds: { picture: 'Picture', exchange: 'Exchange request', job: 'Job card', system: 'Note', interview: 'Interview invitation' },
        reasons: { harassment: 'Harassment or abuse', fraud: 'Fake job or fraud', money: 'Asks for money', ads: 'Advertising', vulgar: 'Sexual or vulgar content', other: 'Other' },
        dismiss: 'Dismiss',
        disable: 'Disable account',
        dismissTitle: 'Dismiss the report on {{name}}',
        disableTitle: 'Disable the reported account: {{name}}',
        disableHelp: 'Every account on this mobile number is disabled and logged out at once; the audit log records it.',
      },
    },
  },
};

export default chatReportsStrings;
