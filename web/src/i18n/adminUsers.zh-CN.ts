/** Messages of the administrator accounts screen /admin/adminUser (issue 5), merged into zh-CN.ts. */
export const adminUsersZhCN = {
  adminUsers: {
    route: '管理员账号',
    intro: '平台至少保留一个启用的管理员账号；不能删除或停用自己的账号。删除后该账号立即退出登录且无法再登录。',
    userName: '用户名',
    password: '初始密码',
    name: '姓名',
    phoneNumber: '手机号',
    keyword: '用户名/姓名/手机号',
    state: '状态',
    active: '启用',
    disabled: '已停用',
    isDisabled: '停用',
    self: '当前登录',
    createAt: '创建时间',
    enable: '启用',
    disable: '停用',
    confirmDisable: '停用后该管理员将立即退出登录，确定停用？',
    confirmDelete: '删除后该管理员将无法再登录，确定删除？',
    enabled: '已启用',
    disabledDone: '已停用',
    refusedTitle: '无法完成操作',
  },
};

export type AdminUsersMessages = typeof adminUsersZhCN;
