import { useParams } from 'react-router';
import { BulkResultPage } from '../../features/bulk/components/bulk-result-page.tsx';

export default function BulkRoute() {
  const { bulkActionId } = useParams();
  return <BulkResultPage key={bulkActionId} bulkActionId={Number(bulkActionId)} />;
}
