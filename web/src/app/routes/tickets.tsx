import { TicketsPage } from '../../features/tickets/components/tickets-page.tsx';

export default TicketsPage;
