/** Strings of /login, /register and /forgot-password, registered when those load (the fields' and errors' are components/auth-form's). */
export const authCatalogue = {
  'zh-CN': {
    auth: {
      titles: {
        register: '注册',
        forgotPassword: '找回密码',
      },
      tabs: {
        password: '密码登录',
        code: '验证码登录',
      },
      login: {
        submit: '登录',
        codeCreatesAccount: '未注册的手机号验证后将自动注册，登录即表示同意《会员服务协议》',
        forgot: '忘记密码？',
        noAccount: '还没有账号？',
        registerNow: '免费注册',
      },
      register: {
        heading: '注册账号',
        welcome: '注册后即可创建简历、投递心仪职位',
        submit: '注册',
        agreePrefix: '我已阅读并同意',
        agreement: '《会员服务协议》',
        agreementRequired: '请阅读并同意《会员服务协议》',
        haveAccount: '已有账号？',
        loginNow: '直接登录',
        welcomeToast: '注册成功，欢迎加入！',
      },
      agreement: {
        title: '会员服务协议',
        intro: '欢迎您注册成为本网站会员。请您在注册前仔细阅读本协议的全部内容。',
        p1: '一、您应提供真实、准确的注册信息（包括手机号码），并及时更新。因信息不实造成的后果由您自行承担。',
        p2: '二、您的账号仅限本人使用，请妥善保管密码和验证码，不得转让、出借或出售账号。',
        p3: '三、您发布的简历等信息应真实合法，不得含有虚假、违法或侵犯他人权益的内容。',
        p4: '四、我们依法保护您的个人信息，仅在为您提供求职服务所必需的范围内使用；您可以通过“屏蔽企业”功能控制简历的可见范围。',
        p5: '五、如您违反本协议或法律法规，我们有权暂停或终止向您提供服务，包括禁用账号。',
        p6: '六、本协议的解释与适用均以中华人民共和国法律为准。',
        close: '我知道了',
        agree: '同意并继续',
      },
      reset: {
        heading: '找回密码',
        welcome: '验证手机号后即可设置新的登录密码',
        submit: '重置密码',
        done: '密码已重置，请使用新密码登录',
        backToLogin: '返回登录',
        remembered: '想起密码了？',
      },
      already: {
        text: '您已登录',
        goCentre: '进入个人中心',
      },
    },
  },
  'en-US': {
    auth: {
      titles: {
        register: 'Register',
        forgotPassword: 'Reset password',
      },
      tabs: {
        password: 'Password',
        code: 'SMS code',
      },
      login: {
        submit: 'Log in',
        codeCreatesAccount: 'A mobile without an account gets one once the code is verified; logging in means you accept the Member Agreement',
        forgot: 'Forgot password?',
        noAccount: 'No account yet?',
        registerNow: 'Register',
      },
      register: {
        heading: 'Create an account',
        welcome: 'Register to build your resume and apply for jobs',
        submit: 'Register',
        agreePrefix: 'I have read and agree to the ',
        agreement: 'Member Agreement',
        agreementRequired: 'Please read and accept the Member Agreement',
        haveAccount: 'Already registered?',
        loginNow: 'Log in',
        welcomeToast: 'Welcome! Your account is ready.',
      },
      agreement: {
        title: 'Member Agreement',
        intro: 'Welcome to our site. Please read this agreement in full before you register.',
        p1: '1. Give true and accurate registration details (including your mobile number) and keep them up to date. You bear the consequences of false details.',
        p2: '2. Your account is for you alone. Keep your password and codes safe; do not transfer, lend or sell the account.',
        p3: '3. Resumes and other information you publish must be true and lawful, with nothing false, illegal or infringing on the rights of others.',
        p4: '4. We protect your personal information as the law requires and use it only as needed to serve your job search; "Blocked companies" lets you control who sees your resume.',
        p5: '5. If you break this agreement or the law, we may suspend or end our service to you, including disabling the account.',
        p6: '6. This agreement is governed by the laws of the People\'s Republic of China.',
        close: 'Close',
        agree: 'Agree and continue',
      },
      reset: {
        heading: 'Reset your password',
        welcome: 'Verify your mobile number, then choose a new password',
        submit: 'Reset password',
        done: 'Your password was reset. Log in with the new one.',
        backToLogin: 'Back to log-in',
        remembered: 'Remembered it?',
      },
      already: {
        text: 'You are logged in',
        goCentre: 'Go to my centre',
      },
    },
  },
};
export default authCatalogue;
