import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d64d8',
    // antd's secondary and description greys are 3.36:1 on white; these reach WCAG AA 4.5:1 on white and on the page grey (axe, issue 9).
    colorTextSecondary: '#595959',
    colorTextDescription: '#666666',
    colorTextTertiary: '#666666',
    // antd links take colorInfo (#1677ff, 3.86:1 on the light blue shortcut background); links follow the brand blue.
    colorLink: '#1d64d8',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#0f1f3d', headerPadding: '0 24px' },
    // Status tags draw their text in the status colour on its pale background (2.2:1 for green): darker text, AA contrast.
    Tag: { colorSuccess: '#237804', colorWarning: '#ad4e00', colorError: '#cf1322', colorInfo: '#0958d9' },
    Menu: { darkItemBg: '#0f1f3d', darkSubMenuItemBg: '#0b172e', darkItemSelectedBg: '#1d64d8' },
  },
};
