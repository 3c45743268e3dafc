import { ExhibitionList } from './AdminExhibitions.tsx';

/** /admin/ex-list: exhibitions across hosts, with add (POST /api/exhibition for a chosen host). */
export default function ExList() {
  return <ExhibitionList prefix="ex" />;
}
