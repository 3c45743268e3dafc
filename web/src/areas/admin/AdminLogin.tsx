import { LoginPage } from '../account/LoginPage.tsx';

export default function AdminLogin() {
  return <LoginPage kind="admin" />;
}
