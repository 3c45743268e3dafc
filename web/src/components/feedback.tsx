import { App, message as staticMessage, Modal as StaticModal, type ModalFuncProps } from 'antd';
import { useLayoutEffect } from 'react';
import { ApiError } from '../api/errors.ts';
import { takeFlash } from './flash.ts';
import { errorMessage } from './errorText.ts';

export { errorMessage };

type AppApi = ReturnType<typeof App.useApp>;
type MessageInstance = AppApi['message'];

/** antd's message and modal from the App context, for code that runs outside components. */
let context: { message: MessageInstance; modal: AppApi['modal'] } | null = null;

export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useLayoutEffect(() => {
    context = { message, modal };
    const flash = takeFlash();
    if (flash) message.success(flash, MESSAGE_SECONDS);
  }, [message, modal]);
  return null;
}

export const feedback = {
  message: (): Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning'> => context?.message ?? staticMessage,
  modal: (): { warning: (props: ModalFuncProps) => unknown } => context?.modal ?? StaticModal,
};

/** Part 1 §9: warnings stay 2 seconds. */
export const MESSAGE_SECONDS = 2;

/** antd's rejected `validateFields`: the form already shows it. */
export const isFormValidationError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'errorFields' in error;

/** Shows a failure unless the client already did (401 modal, 404/500 pages) or the form shows it. */
export function showError(error: unknown) {
  if (error instanceof ApiError && error.handled) return;
  if (isFormValidationError(error)) return;
  if (!(error instanceof ApiError)) console.error(error);
  feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
}
