import type { ExpoAppointmentBody, ExpoAppointmentSlot, MyAppointment } from '@pavilion/contract';
import { saveBlob } from '../../components/save.ts';
import { call, ExpoError, visitorToken } from '../api.ts';

/** The visitor site's appointment calls (issue 15 part 2). */
const base = (exhibitionId: string) => `/api/v1/expo/${exhibitionId}`;
export const appointmentSiteApi = {
  slots: (exhibitionId: string, exhibitorId: string) => call<ExpoAppointmentSlot[]>(`${base(exhibitionId)}/exhibitors/${exhibitorId}/slots`),
  book: (exhibitionId: string, body: ExpoAppointmentBody) => call<MyAppointment>(`${base(exhibitionId)}/appointments`, { method: 'POST', body, visitor: exhibitionId }),
  mine: (exhibitionId: string) => call<MyAppointment[]>(`${base(exhibitionId)}/appointments/mine`, { visitor: exhibitionId }),
  respond: (exhibitionId: string, id: string, accept: boolean) => call<MyAppointment>(`${base(exhibitionId)}/appointments/${id}/respond`, { method: 'POST', body: { accept }, visitor: exhibitionId }),
  cancel: (exhibitionId: string, id: string) => call<MyAppointment>(`${base(exhibitionId)}/appointments/${id}/cancel`, { method: 'POST', body: {}, visitor: exhibitionId }),
  /** The meeting's ICS file, fetched with the visitor's token and saved as a download. */
  async calendar(exhibitionId: string, id: string): Promise<void> {
    const token = visitorToken.get(exhibitionId);
    const response = await fetch(`${base(exhibitionId)}/appointments/${id}/ics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!response.ok) throw new ExpoError(response.status, -1, '');
    saveBlob(await response.blob(), `appointment-${id}.ics`);
  },
};
