/** Consultations in the back office (docs/consult.md): the host's questions and their audit. */
export const consultZhCN = {
  consult: {
    route: { info: '观众咨询', audit: '咨询审核' },
    intro: {
      info: '观众在展会网站向主办方提出的咨询。回复后观众可在“我的咨询”中看到；审核通过、已回复、观众同意公开且设为显示的咨询会出现在网站的公开问答中。',
      audit: '待审核的观众咨询。通过后（并回复）可出现在公开问答；驳回的原因会显示给观众。',
    },
    field: {
      visitor: '观众',
      category: '类别',
      question: '咨询内容',
      answered: '已回复',
      isPublic: '同意公开',
      isShow: '显示',
      auditState: '审核状态',
      createAt: '提问时间',
      keyword: '关键词',
      dates: '提问日期',
      answer: '回复',
      answeredAt: '回复时间',
      contact: '联系方式',
      noContact: '观众未分享联系方式',
      submittedBy: '提交人',
    },
    category: { registration: '注册报名', tickets: '门票', exhibiting: '参展', visiting: '参观', other: '其他' },
    yes: '是',
    no: '否',
    action: { open: '查看并回复', answer: '提交回复', delete: '删除' },
    confirm: { delete: '确定删除这条咨询？' },
    done: { answered: '已回复', shown: '已更新', deleted: '已删除' },
    answerRequired: '请输入回复内容',
    drawerTitle: '咨询详情',
    export: '导出咨询',
    exported: '已创建导出任务',
    noExhibition: '请先选择展会',
  },
};
export type ConsultMessages = typeof consultZhCN;
