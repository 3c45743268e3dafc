import { ErrorPage } from './ErrorPage.tsx';

export default function ServerError() {
  return <ErrorPage status="500" />;
}
