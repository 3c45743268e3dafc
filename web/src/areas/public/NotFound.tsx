import { ErrorPage } from './ErrorPage.tsx';

export default function NotFound() {
  return <ErrorPage status="404" />;
}
