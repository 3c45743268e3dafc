import type { AdminUsersMessages } from './adminUsers.zh-CN.ts';

/** English messages of /admin/adminUser. */
export const adminUsersEn: AdminUsersMessages = {
  adminUsers: {
    route: 'Administrators',
    intro: 'The platform always keeps at least one active administrator; you cannot delete or disable your own login. A deleted administrator is signed out at once and can no longer sign in.',
    userName: 'User name',
    password: 'Initial password',
    name: 'Name',
    phoneNumber: 'Mobile',
    keyword: 'User name, name or mobile',
    state: 'Status',
    active: 'Active',
    disabled: 'Disabled',
    isDisabled: 'Disabled',
    self: 'You',
    createAt: 'Created',
    enable: 'Enable',
    disable: 'Disable',
    confirmDisable: 'The administrator will be signed out at once. Disable?',
    confirmDelete: 'The administrator will no longer be able to sign in. Delete?',
    enabled: 'Enabled',
    disabledDone: 'Disabled',
    refusedTitle: 'This cannot be done',
  },
};
