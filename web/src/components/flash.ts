/**
 * A notice for the next screen: a login page (no antd) leaves its "signed in" here, and the app layer's
 * message shows it once the home screen is up.
 */
let pending: string | null = null;

export const setFlash = (text: string) => {
  pending = text;
};

export const takeFlash = (): string | null => {
  const text = pending;
  pending = null;
  return text;
};
