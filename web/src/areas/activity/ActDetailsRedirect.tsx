import { Navigate, useLocation } from 'react-router';

/** /live/index/admin/actDetails?id: the spec's second path to an activity's details, which live at act-control/details. */
export default function ActDetailsRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/live/index/act-control/details${search}`} replace />;
}
