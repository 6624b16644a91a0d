/** Strings of the job page's recruiter card (职位发布者), desktop and /m. */
const recruiterCatalogue = {
  'zh-CN': {
    recruiter: {
      title: '职位发布者',
      active: {
        justNow: '刚刚活跃',
        today: '今日活跃',
        threeDays: '3日内活跃',
        thisWeek: '本周活跃',
        thisMonth: '本月活跃',
      },
    },
  },
  'en-US': {
    recruiter: {
      title: 'Posted by',
      active: {
        justNow: 'Active just now',
        today: 'Active today',
        threeDays: 'Active in the last 3 days',
        thisWeek: 'Active this week',
        thisMonth: 'Active this month',
      },
    },
  },
};

export default recruiterCatalogue;
