import { LoginPage } from '../account/LoginPage.tsx';

export default function HostLogin() {
  return <LoginPage kind="host" />;
}
