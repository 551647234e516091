import { SimulatorPage } from '../../features/refunds/components/simulator-page.tsx';

export default SimulatorPage;
