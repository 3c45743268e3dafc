import { ResourceTable } from '../../components/ResourceTable.tsx';
import { exhibitionResource } from './exhibitionResource.tsx';

/** /admin/adminEx: every exhibition, searchable by name, paged. */
export default function AdminExhibitions() {
  return <ResourceTable resource={exhibitionResource} />;
}
