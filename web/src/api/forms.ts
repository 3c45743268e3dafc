import type { FormDefinition, FormType, SaveFormBody } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './http.ts';

/** The form builder (docs/forms.md): a form of an item (the exhibition) by form type. */
export const formsApi = {
  form: (itemId: string, formType: FormType) => api.get<FormDefinition>('/api/v3/form', { itemId, formType }),
  save: (body: SaveFormBody) => api.post<FormDefinition>('/api/v3/form/update/formitem', body),
};
export const formKeys = {
  form: (itemId: string, formType: number) => ['form', itemId, formType] as const,
};
export const useForm = (itemId: string | null | undefined, formType: FormType) =>
  useQuery({ queryKey: formKeys.form(itemId ?? '', formType), queryFn: () => formsApi.form(itemId!, formType), enabled: Boolean(itemId) });
