import { LoginPage } from '../account/LoginPage.tsx';

export default function ExhibitorLogin() {
  return <LoginPage kind="exhibitor" />;
}
