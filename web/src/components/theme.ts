import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d64d8',
    // antd's secondary and description greys are 3.36:1 on white; these reach WCAG AA 4.5:1 on white and on the page grey (axe, issue 9).
    colorTextSecondary: '#595959',
    colorTextDescription: '#666666',
    colorTextTertiary: '#666666',
    // A select's placeholder is real text to axe: #767676 is the lightest grey at 4.5:1 on white.
    colorTextPlaceholder: '#767676',
    // antd links take colorInfo (#1677ff, 3.86:1 on the light blue shortcut background); links follow the brand blue.
    colorLink: '#1d64d8',
    // antd's red (#ff4d4f) is 3.4:1 on white: danger buttons and error text use a darker red.
    colorError: '#cf1322',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#0f1f3d', headerPadding: '0 24px' },
    // Status tags draw their text in the status colour on its pale background (2.2:1 for green): darker text, AA contrast.
    // Preset colour tags (color="gold"…) use the palette's 7th step, too light for orange to cyan; a darker step of the same hue.
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#ad4e00',
      colorInfo: '#0958d9',
      volcano7: '#ad2102',
      orange7: '#ad4e00',
      gold7: '#874d00',
      yellow7: '#876800',
      lime7: '#3f6600',
      green7: '#237804',
      cyan7: '#006d75',
    },
    // Warning and success text (Typography type="warning") would be antd's #faad14, 1.9:1 on white.
    Typography: { colorWarningText: '#ad4e00', colorSuccessText: '#237804' },
    Menu: { darkItemBg: '#0f1f3d', darkSubMenuItemBg: '#0b172e', darkItemSelectedBg: '#1d64d8' },
  },
};
