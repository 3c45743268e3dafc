import type { AdminLoginResult, CaptchaImage, CodePurpose, ExhibitorLoginResult, HostLoginResult, exhibitorLoginBody, exhibitorPhoneLoginBody, loginBody, resultFlag } from '@pavilion/contract';
import type { z } from 'zod';
import { api } from './http.ts';

/** The calls a login page makes: no query cache, no zod at run time (the login pages' own chunk stays light). */
export const loginApi = {
  loginAdmin: (body: z.input<typeof loginBody>) => api.post<AdminLoginResult>('/api/v1/account/login/admin', body, { auth: false }),
  loginHost: (body: z.input<typeof loginBody>) => api.post<HostLoginResult>('/api/v1/account/login/host', body, { auth: false }),
  loginExhibitor: (body: z.input<typeof exhibitorLoginBody>) =>
    api.post<ExhibitorLoginResult>('/api/v1/account/login/exhibitor', body, { auth: false }),
  loginExhibitorByPhone: (body: z.input<typeof exhibitorPhoneLoginBody>) =>
    api.post<ExhibitorLoginResult>('/api/v3/account/login/exhibitor/phonenumber', body, { auth: false }),
  /** A fresh image captcha (single use); logins ask for one after repeated wrong passwords (code 4037). */
  captcha: () => api.get<CaptchaImage>('/api/v1/verificationcode/image', {}, { auth: false }),
  sendSmsCode: (phone: string, purpose: CodePurpose) => api.post<z.infer<typeof resultFlag>>('/api/VerCode/sms/send', { Phone: phone, purpose }, { auth: false }),
};
