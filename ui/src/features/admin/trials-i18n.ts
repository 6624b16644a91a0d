/** Strings of the admin console's trial applications (issue 16), laid into the console's catalogue by ./i18n.ts. */
const trialsStrings = {
  'zh-CN': {
    admin: {
      menu: { trials: '试用申请' },
      trials: {
        title: '试用申请',
        pending: '待审核',
        approved: '已通过',
        rejected: '已驳回',
        company: '企业',
        contact: '联系人',
        note: '说明',
        appliedAt: '申请时间',
        reviewedBy: '审核人',
        endsAt: '试用截止',
        approve: '通过',
        reject: '驳回',
        rejectTitle: '驳回 {{name}} 的试用申请',
      },
    },
  },
  'en-US': {
    admin: {
      menu: { trials: 'Trial applications' },
      trials: {
        title: 'Trial applications',
        pending: 'Pending',
        approved: 'Approved',
        rejected: 'Rejected',
        company: 'Company',
        contact: 'Contact',
        note: 'Note',
        appliedAt: 'Applied',
        reviewedBy: 'Reviewed by',
        endsAt: 'Trial ends',
        approve: 'Approve',
        reject: 'Reject',
        rejectTitle: 'Reject the trial application of {{name}}',
      },
    },
  },
};

export default trialsStrings;
