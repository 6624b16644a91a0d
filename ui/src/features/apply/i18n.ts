import { mergeCatalogue } from '@/lib/merge-catalogue';
import assessmentStrings from './assessment/strings';

/** Strings of /my/apply, registered when the page loads. */
export const applyCatalogue = {
  'zh-CN': {
    apply: {
      total: '共 {{count}} 条投递记录',
      tip: '您的简历已超过30天未更新，及时更新简历可以让企业看到您的最新情况，获得更多面试机会。',
      tipLink: '去更新简历',
      tipClose: '不再提醒',
      tipDismissed: '好的，简历更新前不再提醒',
      closed: '已关闭',
      appliedAt: '投递时间：{{time}}',
      resumeUsed: '投递简历：{{title}}',
      noneYet: '还没有投递记录，去看看适合您的职位吧',
      goSearch: '去找工作',
      loadFailed: '投递记录加载失败',
      status: {
        delivered: '已投递',
        viewed: '被查看',
        interested: '有意向',
        interview: '邀请面试',
        unsuitable: '不合适',
        hired: '已录用',
        unknown: '处理中',
      },
    },
  },
  'en-US': {
    apply: {
      total: 'Applications: {{count}}',
      tip: 'Your resume has not been updated for over 30 days. Keep it current so employers see where you are now, and get more interviews.',
      tipLink: 'Update my resume',
      tipClose: 'Do not remind me',
      tipDismissed: 'OK, no more reminders until you update your resume',
      closed: 'Closed',
      appliedAt: 'Applied {{time}}',
      resumeUsed: 'Resume: {{title}}',
      noneYet: 'No applications yet. Have a look at jobs that suit you',
      goSearch: 'Find jobs',
      loadFailed: 'Your applications could not be loaded',
      status: {
        delivered: 'Delivered',
        viewed: 'Viewed',
        interested: 'Interested',
        interview: 'Interview invited',
        unsuitable: 'Not suitable',
        hired: 'Hired',
        unknown: 'In progress',
      },
    },
  },
};

/** The interview invitations on /my/apply (issue 16). */
export const invitationsCatalogue = {
  'zh-CN': {
    apply: {
      iv: {
        title: '面试邀请',
        when: '{{start}}，约 {{minutes}} 分钟',
        where: '地点或会议链接：{{address}}',
        contact: '联系人：{{contact}} {{phone}}',
        accept: '接受',
        decline: '拒绝',
        accepted: '已接受',
        declined: '已拒绝',
        cancelled: '已取消',
        cancelledBlocked: '已取消：你已屏蔽该公司',
        answeredAccept: '已接受面试邀请',
        answeredDecline: '已拒绝面试邀请',
      },
    },
  },
  'en-US': {
    apply: {
      iv: {
        title: 'Interview invitations',
        when: '{{start}}, about {{minutes}} minutes',
        where: 'Address or meeting link: {{address}}',
        contact: 'Contact: {{contact}} {{phone}}',
        accept: 'Accept',
        decline: 'Decline',
        accepted: 'Accepted',
        declined: 'Declined',
        cancelled: 'Cancelled',
        cancelledBlocked: 'Cancelled: you blocked this company',
        answeredAccept: 'Invitation accepted',
        answeredDecline: 'Invitation declined',
      },
    },
  },
};

for (const lang of ['zh-CN', 'en-US'] as const) {
  Object.assign(applyCatalogue[lang].apply, invitationsCatalogue[lang].apply);
}

// The assessments on /my/apply keep their strings in assessment/strings.ts.
export default mergeCatalogue(applyCatalogue, assessmentStrings);
