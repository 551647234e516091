import { BatchPage } from '../../features/batches/components/batch-page.tsx';

export default BatchPage;
