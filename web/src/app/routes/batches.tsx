import { BatchesPage } from '../../features/batches/components/batches-page.tsx';

export default BatchesPage;
