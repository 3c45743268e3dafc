/** Exhibitor reviews in the back office (issue 15): the exhibitor's tab, the host's drawer and the tag list card. */
export const evaluationZhCN = {
  evaluation: {
    tab: '展商评价',
    intro: '观众对贵公司的评价。您可以回复、修改或撤回回复；评价的隐藏和删除由主办方处理。',
    keyword: '评价内容或评价人',
    action: '评价',
    drawerTitle: '{{name}} 的评价',
    hostIntro: '隐藏后观众端不再显示（评价人自己仍可见），删除后不可恢复（操作日志保留原文）。',
    rating: '评分',
    allRatings: '全部评分',
    stars: '{{n}} 星',
    tags: {
      title: '评价标签',
      intro: '观众评价展商时可选的标签，如“专业”“响应快”。最多 20 个，每个不超过 20 字。',
      placeholder: '输入标签后回车',
      save: '保存标签',
      saved: '评价标签已保存',
    },
  },
};

export type EvaluationMessages = typeof evaluationZhCN;
