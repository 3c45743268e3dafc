import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d64d8',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#0f1f3d', headerPadding: '0 24px' },
    Menu: { darkItemBg: '#0f1f3d', darkSubMenuItemBg: '#0b172e', darkItemSelectedBg: '#1d64d8' },
  },
};
