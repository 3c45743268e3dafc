import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { i18n } from './index.ts';

/**
 * Dates, in the messages' language: dayjs follows i18next from the moment this loads (with the antd layer, or the
 * first screen that shows a date). Apart from i18n/index.ts so that a login page, which shows none, loads no dayjs.
 */
const follow = (lng: string) => void dayjs.locale(lng === 'en' ? 'en' : 'zh-cn');
follow(i18n.language);
i18n.on('languageChanged', follow);

export const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
export const formatDateTime = (value: string | null | undefined) => (value ? dayjs(value).format(DATE_TIME) : '');
